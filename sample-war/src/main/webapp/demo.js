// The demo page: sends requests to the sample's endpoints and shows, from each response's headers,
// whether it was allowed, what is left and when the bucket is full again.
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const counts = { allowed: 0, denied: 0 };
  const perSecond = new Map();          // unix second -> [allowed, denied]
  const WINDOW = 60;                    // seconds shown in the chart
  let busy = false;

  function rateLimitParam(value, name) {
    const match = value && value.match(new RegExp(';' + name + '=(\\d+)'));
    return match ? Number(match[1]) : null;
  }

  function record(second, allowed) {
    const slot = perSecond.get(second) || [0, 0];
    slot[allowed ? 0 : 1]++;
    perSecond.set(second, slot);
  }

  async function send() {
    const endpoint = $('endpoint').value;
    const started = new Date();
    let response;
    try {
      response = await fetch('api/demo/' + endpoint, { headers: { Accept: 'application/json' } });
    } catch (e) {
      addRow(started, endpoint, 'error', '–', '–', String(e));
      return;
    }
    const allowed = response.ok;
    counts[allowed ? 'allowed' : 'denied']++;
    record(Math.floor(started.getTime() / 1000), allowed);

    const rateLimit = response.headers.get('RateLimit');
    const legacyRemaining = response.headers.get('X-RateLimit-Remaining');
    const remaining = legacyRemaining !== null ? Number(legacyRemaining) : rateLimitParam(rateLimit, 'r');
    const resetAt = response.headers.get('X-RateLimit-Reset');
    const retryAfter = response.headers.get('Retry-After');

    $('allowed-count').textContent = counts.allowed;
    $('denied-count').textContent = counts.denied;
    $('remaining').textContent = remaining === null ? '–' : remaining;
    if (resetAt !== null) {
      $('reset').textContent = Math.max(0, Number(resetAt) - Math.floor(Date.now() / 1000)) + ' s';
    } else {
      const t = rateLimitParam(rateLimit, 't');
      $('reset').textContent = t === null ? '–' : t + ' s';
    }
    const policy = response.headers.get('RateLimit-Policy');
    if (policy) {
      $('policy').textContent = 'RateLimit-Policy: ' + policy;
    }
    const lines = [];
    response.headers.forEach((value, name) => {
      if (/^(ratelimit|x-ratelimit|retry-after)/i.test(name)) {
        lines.push(name + ': ' + value);
      }
    });
    $('last-headers').textContent = 'HTTP ' + response.status + '\n' + lines.sort().join('\n');
    addRow(started, endpoint, response.status, remaining === null ? '–' : remaining,
      retryAfter === null ? '' : retryAfter + ' s', rateLimit || '');
    await response.text();
  }

  function addRow(time, endpoint, status, remaining, retry, rateLimit) {
    const row = document.createElement('tr');
    row.className = status === 200 ? 'ok' : 'no';
    row.dataset.status = status;
    [time.toLocaleTimeString(), endpoint, status, remaining, retry, rateLimit].forEach((text, i) => {
      const cell = document.createElement('td');
      cell.textContent = text;
      if (i === 5) { cell.className = 'code'; }
      row.appendChild(cell);
    });
    $('log').prepend(row);
    while ($('log').rows.length > 200) { $('log').deleteRow(-1); }
  }

  async function burst(n) {
    if (busy) { return; }
    busy = true;
    $('send-burst').disabled = $('send-one').disabled = true;
    try {
      for (let i = 0; i < n; i++) { await send(); }
    } finally {
      busy = false;
      $('send-burst').disabled = $('send-one').disabled = false;
      document.body.dataset.idle = 'true';
    }
  }

  // chart: allowed and denied per second over the last minute
  function series() {
    const now = Math.floor(Date.now() / 1000);
    const xs = [], ok = [], no = [];
    for (let s = now - WINDOW + 1; s <= now; s++) {
      const slot = perSecond.get(s) || [0, 0];
      xs.push(s); ok.push(slot[0]); no.push(slot[1]);
    }
    for (const key of perSecond.keys()) { if (key < now - WINDOW) { perSecond.delete(key); } }
    return [xs, ok, no];
  }

  const chart = new uPlot({
    width: Math.min(1100, window.innerWidth - 90), height: 220,
    scales: { x: { time: true }, y: { range: (u, min, max) => [0, Math.max(5, max + 1)] } },
    series: [{}, { label: 'allowed', stroke: '#1a7f37', fill: 'rgba(26,127,55,.15)', width: 2 },
                 { label: 'denied', stroke: '#cf222e', fill: 'rgba(207,34,46,.12)', width: 2 }],
    axes: [{}, { label: 'per second' }]
  }, series(), $('chart'));
  setInterval(() => chart.setData(series()), 1000);

  $('send-one').addEventListener('click', () => burst(1));
  $('send-burst').addEventListener('click', () => burst(Math.max(1, Math.min(200, Number($('burst-size').value) || 1))));
  $('clear').addEventListener('click', () => {
    counts.allowed = counts.denied = 0;
    perSecond.clear();
    $('allowed-count').textContent = $('denied-count').textContent = '0';
    $('log').innerHTML = '';
  });
  $('endpoint').addEventListener('change', () => { $('remaining').textContent = '–'; $('reset').textContent = '–'; });

  // the policy form: a runtime override through the admin API, with the operator's credentials
  async function changePolicy(method) {
    const form = $('policy-form');
    const name = $('endpoint').value;
    const body = {};
    if (method === 'PUT') {
      body.algorithm = form.elements.algorithm.value;
      if (form.elements.rate.value.trim()) { body.rate = form.elements.rate.value.trim(); }
      const burst = form.elements.burst.value.trim();
      if (burst) { body.burst = /^\d+$/.test(burst) ? Number(burst) : burst; }
    }
    const response = await fetch('api/throttled/policies/' + encodeURIComponent(name), {
      method,
      credentials: 'omit',   // the operator's Basic auth alone, not a single sign-on cookie from earlier
      headers: { 'Content-Type': 'application/json', Accept: 'application/json',
        Authorization: 'Basic ' + btoa(form.elements.user.value + ':' + form.elements.password.value) },
      body: method === 'PUT' ? JSON.stringify(body) : undefined
    });
    const json = await response.json().catch(() => ({}));
    const note = $('policy-note');
    if (response.ok) {
      note.className = 'note ok';
      note.textContent = 'Policy ' + name + ' is now ' + json.algorithm + ' ' + json.rate + ', on every node.';
    } else {
      note.className = 'note error';
      note.textContent = response.status === 401 ? 'Wrong operator password.'
        : response.status === 403 ? 'That user is not an operator.'
        : (json.detail || ('HTTP ' + response.status));
    }
  }
  $('policy-form').addEventListener('submit', (event) => { event.preventDefault(); changePolicy('PUT'); });
  $('restore-policy').addEventListener('click', () => changePolicy('DELETE'));
  document.body.dataset.idle = 'true';
})();
