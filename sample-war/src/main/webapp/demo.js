// The demo page: sends requests to the sample's endpoints, as an anonymous caller or the user signed in on the
// page, and shows from each response which policy (and tier) decided it, what is left and when it is full again.
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const counts = { allowed: 0, denied: 0 };
  const perSecond = new Map();          // unix second -> [allowed, denied]
  const WINDOW = 60;                    // seconds shown in the chart
  let account = null;                   // the signed-in user: { name, authorization, operator }, in memory only
  let busy = false;

  // The items of a RateLimit header: "api-per-ip";r=999;t=1, "ping.tier.user";r=4;t=1 -> [{name, r, t}].
  function rateLimitItems(header) {
    const items = [];
    const item = /"((?:[^"\\]|\\.)*)"([^,]*)/g;
    let match;
    while (header && (match = item.exec(header)) !== null) {
      const parsed = { name: match[1].replace(/\\(.)/g, '$1'), r: null, t: null };
      for (const param of match[2].matchAll(/;\s*([a-z]+)=(\d+)/g)) {
        if (param[1] === 'r' || param[1] === 't') { parsed[param[1]] = Number(param[2]); }
      }
      items.push(parsed);
    }
    return items;
  }

  // The item that decided: a denial's, as the problem names it (policy, tier, violated policies), else the
  // one with the least remaining. A policy with several limits names its items "policy/window".
  function decidingItem(items, problem) {
    if (problem && problem.policy) {
      const names = [problem.policy];
      if (problem.tier) { names.unshift(problem.policy + '.tier.' + problem.tier); }
      (problem['violated-policies'] || []).forEach((name) => names.push(name));
      for (const name of names) {
        const found = items.filter((i) => i.name === name || i.name.startsWith(name + '/'));
        if (found.length) { return least(found); }
      }
      return { name: names[0], r: 0, t: null };
    }
    return items.length ? least(items) : null;
  }

  function least(items) {
    return items.reduce((a, b) => (b.r !== null && (a.r === null || b.r < a.r) ? b : a));
  }

  function record(second, allowed) {
    const slot = perSecond.get(second) || [0, 0];
    slot[allowed ? 0 : 1]++;
    perSecond.set(second, slot);
  }

  function request() {
    const option = $('endpoint').selectedOptions[0];
    const caller = $('caller').value;
    const headers = { Accept: 'application/json' };
    const signedIn = caller !== '' && account !== null;
    if (signedIn) { headers.Authorization = account.authorization; }
    const init = { method: option.dataset.method || 'GET', headers, credentials: 'omit' };   // each call as chosen, no SSO cookie
    let url = 'api/demo/' + option.value;
    if (option.value === 'login') {
      url += '?user=' + encodeURIComponent($('account').value.trim());
      init.body = $('login-password').value;
      headers['Content-Type'] = 'text/plain';
    }
    return { url, init, endpoint: option.value, caller: signedIn ? account.name : 'anonymous' };
  }

  async function send() {
    const call = request();
    const started = new Date();
    let response;
    try {
      response = await fetch(call.url, call.init);
    } catch (e) {
      addRow([started.toLocaleTimeString(), call.endpoint, call.caller, 'error', '–', '–', '', String(e)], 'error');
      return;
    }
    const text = await response.text();
    const limited = response.status === 429 || response.status === 503;   // the limiter said no
    counts[limited ? 'denied' : 'allowed']++;
    record(Math.floor(started.getTime() / 1000), !limited);
    const rateLimit = response.headers.get('RateLimit');
    const decided = decidingItem(rateLimitItems(rateLimit), limited ? problemOf(text) : null);
    const retryAfter = response.headers.get('Retry-After');
    showStats(decided);
    showHeaders(response);
    addRow([started.toLocaleTimeString(), call.endpoint, call.caller, response.status, decided ? decided.name : '–',
      decided && decided.r !== null ? decided.r : '–', retryAfter === null ? '' : retryAfter + ' s', rateLimit || ''],
      response.status);
  }

  function problemOf(text) {
    try { return JSON.parse(text); } catch (e) { return null; }
  }

  function showStats(decided) {
    $('allowed-count').textContent = counts.allowed;
    $('denied-count').textContent = counts.denied;
    $('decided-by').textContent = decided ? decided.name : '–';
    $('remaining').textContent = decided && decided.r !== null ? decided.r : '–';
    $('reset').textContent = decided && decided.t !== null ? decided.t + ' s' : '–';
  }

  function showHeaders(response) {
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
  }

  const CELL_CLASSES = ['', '', 'as', 'status', 'decided', 'remaining', '', 'code'];

  function addRow(cells, status) {
    const row = document.createElement('tr');
    row.className = status === 429 || status === 503 || status === 'error' ? 'no' : status >= 400 ? 'refused' : 'ok';
    row.dataset.status = status;
    cells.forEach((text, i) => {
      const cell = document.createElement('td');
      cell.textContent = text;
      if (CELL_CLASSES[i]) { cell.className = CELL_CLASSES[i]; }
      row.appendChild(cell);
    });
    $('log').prepend(row);
    while ($('log').rows.length > 200) { $('log').deleteRow(-1); }
  }

  async function burst(n) {
    if (busy) { return; }
    busy = true;
    document.body.dataset.idle = 'false';
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
  $('endpoint').addEventListener('change', () => {
    $('remaining').textContent = $('reset').textContent = $('decided-by').textContent = '–';
    $('login-fields').hidden = $('endpoint').value !== 'login';
  });

  // Signing in: the admin API checks the password (200: an operator, 403: a user who is not one, 401: wrong);
  // the credentials are then kept in this page's memory only, never stored, and sent as Basic auth with each
  // call made as the signed-in user. Signing out, or leaving the page, forgets them.
  $('sign-in-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const name = $('sign-in-user').value.trim();
    let authorization;
    let response;
    try {
      authorization = 'Basic ' + btoa(name + ':' + $('sign-in-password').value);
      response = await fetch('api/throttled/stats', { credentials: 'omit', headers: { Authorization: authorization, Accept: 'application/json' } });
    } catch (e) {
      $('sign-in-error').textContent = String(e);
      return;
    }
    if (response.status !== 200 && response.status !== 403) {
      $('sign-in-error').textContent = response.status === 401 ? 'Wrong user or password.' : 'HTTP ' + response.status;
      return;
    }
    $('sign-in-password').value = '';
    showAccount({ name, authorization, operator: response.status === 200 });
  });
  $('sign-out').addEventListener('click', () => {
    showAccount(null);
    $('sign-in-user').focus();
  });

  function showAccount(signedIn) {
    account = signedIn;
    $('sign-in-form').hidden = account !== null;
    $('signed-in').hidden = account === null;
    $('sign-in-error').textContent = '';
    const me = $('caller').querySelector('option[value="signed-in"]');
    me.disabled = account === null;
    $('caller').value = account === null ? '' : 'signed-in';
    const operator = account !== null && account.operator;
    if (account === null) {
      me.textContent = 'the signed-in user: sign in above';
    } else {
      me.textContent = account.name + ", signed in: ping's tier by role" + (operator ? ', exempt from api-per-ip and login' : '');
      $('whoami').textContent = account.name;
      $('whoami-role').textContent = operator ? ' (throttled-admin)' : '';
    }
    $('policy-fields').disabled = !operator;
    $('policy-sign-in').hidden = operator;
  }
  showAccount(null);

  // The policy form: a runtime override through the admin API, as the signed-in operator. The free
  // endpoint has no policy of its own: its route's policy is changed through the route.
  async function changePolicy(method) {
    if (account === null) { return; }
    const form = $('policy-form');
    const option = $('endpoint').selectedOptions[0];
    const name = option.dataset.route || option.dataset.policy;
    const path = option.dataset.route ? 'routes/' : 'policies/';
    const body = {};
    if (method === 'PUT') {
      body.algorithm = form.elements.algorithm.value;
      if (form.elements.rate.value.trim()) { body.rate = form.elements.rate.value.trim(); }
      const burst = form.elements.burst.value.trim();
      if (burst) { body.burst = /^\d+$/.test(burst) ? Number(burst) : burst; }
    }
    const response = await fetch('api/throttled/' + path + encodeURIComponent(name), {
      method,
      credentials: 'omit',   // the operator's Basic auth alone, not a single sign-on cookie from earlier
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: account.authorization },
      body: method === 'PUT' ? JSON.stringify(body) : undefined
    });
    const json = await response.json().catch(() => ({}));
    policyNote(response, name, response.ok && json.policy ? json.policy : json);   // a route answers its policy inside
  }

  function policyNote(response, name, view) {
    const note = $('policy-note');
    if (response.ok) {
      note.className = 'note ok';
      note.textContent = 'Policy ' + name + ' is now ' + view.algorithm + ' ' + view.rate + ', on every node.';
    } else {
      note.className = 'note error';
      note.textContent = response.status === 401 ? 'The server no longer accepts the password: sign in again.'
        : response.status === 403 ? 'The signed-in user is not an operator.'
        : (view.detail || ('HTTP ' + response.status));
    }
  }
  $('policy-form').addEventListener('submit', (event) => { event.preventDefault(); changePolicy('PUT'); });
  $('restore-policy').addEventListener('click', () => changePolicy('DELETE'));

  // A burst to the partner: the server runs the calls at once; each waits for its slot.
  $('partner-burst').addEventListener('click', async () => {
    const calls = Math.max(1, Math.min(50, Number($('partner-calls').value) || 1));
    document.body.dataset.idle = 'false';
    $('partner-summary').textContent = calls + ' calls waiting for their slots...';
    $('partner-log').replaceChildren();
    const response = await fetch('api/demo/partner/burst?calls=' + calls, { method: 'POST' });
    const result = await response.json();
    const arrivals = result.partner.arrivalsMillis;
    result.calls.forEach((c, i) => {
      const row = document.createElement('tr');
      row.className = c.outcome === 'ok' ? 'allowed' : 'denied';
      for (const text of [c.call, c.outcome, c.answeredAtMillis + ' ms',
        i < arrivals.length ? '+' + Math.round(arrivals[i]) + ' ms' : '–']) {
        const cell = document.createElement('td');
        cell.textContent = text;
        row.appendChild(cell);
      }
      $('partner-log').appendChild(row);
    });
    $('partner-summary').textContent = 'the partner accepted ' + result.partner.accepted + ', refused '
      + result.partner.refused + ' (its limit: ' + result.partner.limit + ')';
    document.body.dataset.idle = 'true';
  });
  document.body.dataset.idle = 'true';
})();
