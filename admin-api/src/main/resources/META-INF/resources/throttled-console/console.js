// The operator console: everything it shows and changes goes through the admin API, with the operator's
// own credentials (HTTP Basic), kept in this page only. This file signs in and holds what the panels share
// (window.throttled); policies.js, routes.js and explain.js are the other panels.
window.throttled = (function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const loaders = [];
  let api = '';
  let auth = '';

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

  // A call's outcome next to its form: the success text, or the problem with each bad field marked in the form.
  function report(form, box, result, success) {
    for (const input of form.querySelectorAll('.invalid')) { input.classList.remove('invalid'); }
    box.className = 'result ' + (result.ok ? 'ok' : 'error');
    box.textContent = result.ok ? success : problem(result);
    const violations = (!result.ok && result.json && result.json.violations) || [];
    for (const v of violations) {
      const input = form.elements[v.field];
      if (input && input.classList) { input.classList.add('invalid'); }
    }
  }

  function escapeHtml(text) {
    return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
  }

  function cell(row, html, className) {
    const td = document.createElement('td');
    td.innerHTML = html;
    if (className) { td.className = className; }
    row.appendChild(td);
    return td;
  }

  function button(label, className, action) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = className;
    b.textContent = label;
    b.addEventListener('click', action);
    return b;
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
    await refresh();
    setInterval(counts, 2000);
    counts();
  });

  // Every panel reloads what it shows: a change in one (a route, a tier) shows in the others too.
  async function refresh() {
    await Promise.all(loaders.map((load) => load()));
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

  // The bucket panel's policies: every policy and tier the console knows, keeping the one selected.
  function bucketPolicies(names) {
    const select = $('bucket-policy');
    const selected = select.value;
    select.innerHTML = '';
    for (const name of names) {
      const option = document.createElement('option');
      option.value = option.textContent = name;
      select.appendChild(option);
    }
    if (selected) { select.value = selected; }
  }

  async function counts() {
    const result = await call('GET', '/stats');
    if (!result.ok) { return; }
    const body = $('counts');
    body.innerHTML = '';
    fallback(result.json.redis_fallback);
    for (const [policy, c] of Object.entries(result.json.policies || {})) {
      const row = document.createElement('tr');
      row.dataset.policy = policy;
      row.innerHTML = '<td><code>' + escapeHtml(policy) + '</code></td><td class="allowed">' + (c.allowed || 0) + '</td><td class="denied">'
        + (c.denied || 0) + '</td><td>' + (c.shadow_denied || 0) + '</td><td>' + (c.decided_without_redis || 0) + '</td>';
      body.appendChild(row);
    }
  }

  function clock(iso) {
    const d = new Date(iso);
    return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
  }

  // Decisions without Redis: a banner while an episode runs, the counts by cause under the table.
  function fallback(state) {
    const banner = $('redis-banner');
    if (!state || !state.redis_configured) {
      banner.hidden = true;
      $('fallback-causes').hidden = true;
      return;
    }
    const running = state.running;
    banner.hidden = !running;
    if (running) {
      const d = running.decided || {};
      banner.textContent = 'Redis not deciding since ' + clock(running.started_at) + ' (' + running.first_cause.replace('_', ' ')
        + ') — ' + (d.local || 0) + ' calls decided locally, ' + (d.open || 0) + ' open, ' + (d.closed || 0) + ' closed'
        + ' (first: policy ' + running.policy + ', ' + Math.round(running.duration_millis / 1000) + ' s ago)';
    }
    const causes = state.decided_without_redis || {};
    for (const cause of ['timeout', 'connection', 'breaker_open']) {
      $('cause-' + cause).textContent = causes[cause] || 0;
    }
    const last = state.last;
    $('fallback-history').textContent = (last ? 'Last episode: ' + clock(last.started_at) + ', ' + last.duration_millis + ' ms ('
      + last.first_cause.replace('_', ' ') + '). ' : '') + (state.uncharged_keys ? state.uncharged_keys
      + ' keys not yet charged to Redis.' : '');
    $('fallback-causes').hidden = false;
  }

  return { $, call, problem, report, escapeHtml, cell, button, bucketPolicies, refresh,
    addPanel: (load) => loaders.push(load) };
})();
