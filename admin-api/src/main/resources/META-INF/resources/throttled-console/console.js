// The operator console: everything it shows and changes goes through the admin API, with the operator's
// own credentials (HTTP Basic), kept in this page only.
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  let api = '';
  let auth = '';
  let policies = [];
  let editing = null;

  async function call(method, path, body) {
    // credentials: 'omit' keeps the server's SSO cookie out: every call is the operator's own Basic auth
    const options = { method, credentials: 'omit', headers: { Authorization: auth, Accept: 'application/json' } };
    if (body !== undefined) {
      options.headers['Content-Type'] = 'application/json';
      options.body = JSON.stringify(body);
    }
    const response = await fetch(api + path, options);
    const text = await response.text();
    let json = null;
    try { json = text ? JSON.parse(text) : null; } catch (e) { json = { detail: text }; }
    return { status: response.status, ok: response.ok, json };
  }

  function problem(result) {
    const p = result.json || {};
    let text = 'HTTP ' + result.status + ': ' + (p.detail || p.title || '');
    if (Array.isArray(p.violations)) {
      text += '\n' + p.violations.map((v) => '• ' + v.field + " '" + v.value + "': " + v.message).join('\n');
    }
    return text;
  }

  $('login-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    api = $('api-base').value.replace(/\/+$/, '');
    auth = 'Basic ' + btoa($('user').value + ':' + $('password').value);
    const result = await call('GET', '/policies');
    if (!result.ok) {
      $('login-error').textContent = result.status === 401 ? 'Wrong user or password.'
        : result.status === 403 ? 'This user is not in the throttled-admin role.' : problem(result);
      return;
    }
    $('login-error').textContent = '';
    $('login').hidden = true;
    $('app').hidden = false;
    $('whoami').textContent = 'signed in as ' + $('user').value;
    show(result.json);
    setInterval(counts, 2000);
    counts();
  });

  async function load() {
    const result = await call('GET', '/policies');
    if (result.ok) { show(result.json); }
  }

  function show(list) {
    policies = list;
    const body = $('policies');
    body.innerHTML = '';
    const select = $('bucket-policy');
    const selected = select.value;
    select.innerHTML = '';
    for (const p of list) {
      const row = document.createElement('tr');
      row.dataset.policy = p.name;
      const sources = Object.entries(p.settings).filter(([, s]) => s.source !== 'default')
        .map(([field, s]) => '<span class="chip ' + (s.source === 'runtime override' ? 'override' : s.source)
          + '" title="' + escapeHtml(s.origin) + '">' + field + ': ' + escapeHtml(s.source) + '</span>').join(' ');
      row.innerHTML = '<td><code>' + escapeHtml(p.name) + '</code></td><td>' + p.algorithm + '</td><td class="rate"><code>'
        + escapeHtml(p.rate) + '</code></td><td><code>' + escapeHtml(p.key) + '</code></td><td>' + p.cost + '</td><td>'
        + p.enforce + '</td><td>' + sources + '</td><td><button type="button" class="edit quiet">Edit</button></td>';
      row.querySelector('button.edit').addEventListener('click', () => edit(p.name));
      body.appendChild(row);
      const option = document.createElement('option');
      option.value = option.textContent = p.name;
      select.appendChild(option);
    }
    if (selected) { select.value = selected; }
    if (editing) { fillEditor(editing); }
  }

  function edit(name) {
    editing = name;
    $('editor').hidden = false;
    $('edit-name').textContent = name;
    $('edit-result').textContent = '';
    fillEditor(name);
  }

  function fillEditor(name) {
    const p = policies.find((x) => x.name === name);
    if (!p) { return; }
    const form = $('edit-form');
    for (const [field, s] of Object.entries(p.settings)) {
      const input = form.elements[field];
      if (!input) { continue; }
      input.value = s.source === 'runtime override' ? s.value : '';
      if (input.tagName === 'INPUT') { input.placeholder = s.value; }
    }
  }

  $('edit-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = $('edit-form');
    const body = {};
    for (const field of ['algorithm', 'rate', 'refill', 'key']) {
      if (form.elements[field].value.trim()) { body[field] = form.elements[field].value.trim(); }
    }
    for (const field of ['burst', 'cost']) {
      const text = form.elements[field].value.trim();
      if (text) { body[field] = /^-?\d+$/.test(text) ? Number(text) : text; }
    }
    if (form.elements.enforce.value) { body.enforce = form.elements.enforce.value === 'true'; }
    const result = await call('PUT', '/policies/' + encodeURIComponent(editing), body);
    report(result, 'Saved: ' + (result.json && result.json.rate) + ' is in force on every node.');
  });

  $('drop').addEventListener('click', async () => {
    const result = await call('DELETE', '/policies/' + encodeURIComponent(editing));
    report(result, 'Override dropped: ' + (result.json && result.json.rate) + ' holds again.');
  });

  async function report(result, success) {
    $('edit-result').className = result.ok ? 'ok' : 'error';
    $('edit-result').textContent = result.ok ? success : problem(result);
    $('edit-result').style.whiteSpace = 'pre-wrap';
    await load();
  }

  function bucketPath() {
    return '/buckets/' + encodeURIComponent($('bucket-policy').value) + '/' + encodeURIComponent($('bucket-key').value.trim());
  }

  $('bucket-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const result = await call('GET', bucketPath());
    $('bucket-state').textContent = result.ok ? JSON.stringify(result.json, null, 2) : problem(result);
  });
  $('bucket-reset').addEventListener('click', async () => {
    const result = await call('DELETE', bucketPath());
    $('bucket-state').textContent = result.ok ? 'Reset ' + result.json.key + ': its next call finds a full bucket.' : problem(result);
  });
  $('reset-all').addEventListener('click', async () => {
    const name = $('bucket-policy').value;
    if (!window.confirm('Reset every bucket of ' + name + '?')) { return; }
    const result = await call('DELETE', '/buckets/' + encodeURIComponent(name));
    $('bucket-state').textContent = result.ok ? 'Removed ' + result.json.keysRemoved + ' keys of ' + name + '.' : problem(result);
  });
  $('list-keys').addEventListener('click', async () => {
    const result = await call('GET', '/buckets/' + encodeURIComponent($('bucket-policy').value) + '?count=50');
    $('bucket-state').textContent = result.ok ? (result.json.keys.join('\n') || '(no live keys)') + (result.json.last ? '' : '\n…') : problem(result);
  });
  $('refresh').addEventListener('click', load);

  async function counts() {
    const result = await call('GET', '/stats');
    if (!result.ok) { return; }
    const body = $('counts');
    body.innerHTML = '';
    for (const [policy, c] of Object.entries(result.json)) {
      const row = document.createElement('tr');
      row.dataset.policy = policy;
      row.innerHTML = '<td><code>' + escapeHtml(policy) + '</code></td><td class="allowed">' + (c.allowed || 0) + '</td><td class="denied">'
        + (c.denied || 0) + '</td><td>' + (c.shadow_denied || 0) + '</td><td>' + (c.decided_without_redis || 0) + '</td>';
      body.appendChild(row);
    }
  }

  function escapeHtml(text) {
    return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
  }
})();
