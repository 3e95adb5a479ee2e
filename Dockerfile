# Slim image: the bot, its fonts and migrations; the database lives on a volume (SQLite), or in
# PostgreSQL when several processes share it (docker-compose.yml).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    ISLANDBOT_DATABASE=/data/islandbot.sqlite3 \
    ISLANDBOT_HEARTBEAT=/tmp/islandbot.heartbeat

WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY render ./render
COPY bot ./bot
COPY locales ./locales
COPY tournament ./tournament
RUN pip install . \
    && useradd --create-home --uid 10001 islandbot \
    && mkdir -p /data \
    && chown islandbot:islandbot /data

USER islandbot
VOLUME ["/data"]

# Healthy while the bot is connected: it refreshes a heartbeat file every 30 seconds.
HEALTHCHECK --interval=60s --timeout=10s --start-period=60s --retries=3 \
    CMD ["islandbot", "health"]

CMD ["islandbot", "run"]
