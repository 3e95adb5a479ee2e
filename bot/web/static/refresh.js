// Pages without a live stream of their own (a tournament's standings) reload every 30 s.
setTimeout(function () { window.location.reload(); }, 30000);
