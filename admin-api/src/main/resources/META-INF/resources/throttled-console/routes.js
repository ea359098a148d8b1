// The routes panel: route policies from config and from runtime, added, changed and removed on every node.
(function (t) {
  'use strict';
  const $ = t.$;
  const ROUTE_FIELDS = ['path', 'methods', 'priority'];
  const POLICY_FIELDS = ['rate', 'key', 'exempt', 'count'];
  let routes = [];

  async function load() {
    const result = await t.call('GET', '/routes');
    if (!result.ok) { return; }
    routes = result.json;
    const body = $('routes');
    body.innerHTML = '';
    routes.forEach((r) => body.appendChild(row(r)));
  }

  function row(r) {
    const tr = document.createElement('tr');
    tr.dataset.route = r.name;
    t.cell(tr, '<code>' + t.escapeHtml(r.name) + '</code>');
    t.cell(tr, '<code>' + t.escapeHtml(r.path) + '</code>', 'path');
    t.cell(tr, r.methods.length ? t.escapeHtml(r.methods.join(', ')) : '<span class="note">all</span>', 'methods');
    t.cell(tr, String(r.priority));
    t.cell(tr, '<code>' + t.escapeHtml(r.policy.rate) + '</code>', 'rate');
    t.cell(tr, '<code>' + t.escapeHtml(r.policy.key) + '</code>');
    t.cell(tr, '<span class="chip ' + source(r).replace(/\W+/g, '-') + '">' + source(r) + '</span>', 'source');
    const actions = t.cell(tr, '', 'actions');
    actions.append(t.button('Edit', 'edit quiet', () => edit(r)));
    if (r.runtime) {
      actions.append(' ', t.button(fromConfig(r) ? 'Back to config' : 'Remove', 'remove quiet', () => remove(r)));
    }
    return tr;
  }

  function fromConfig(r) {
    return Object.values(r.settings).concat(Object.values(r.policy.settings)).some((s) => s.source === 'config');
  }

  function source(r) {
    return !fromConfig(r) ? 'runtime' : r.runtime ? 'config + runtime' : 'config';
  }

  function settingOf(r, field) {
    return r.settings[field] || r.policy.settings[field];
  }

  function openForm(title, r) {
    const form = $('route-form');
    form.hidden = false;
    $('route-title').textContent = title;
    $('route-result').textContent = '';
    form.elements.name.value = r ? r.name : '';
    form.elements.name.readOnly = !!r;
    for (const field of ROUTE_FIELDS.concat(POLICY_FIELDS)) {
      const s = r && settingOf(r, field);
      // what the runtime settings say is kept on save; what config says shows greyed (PUT replaces the former)
      form.elements[field].value = s && s.source === 'runtime override' ? s.value : '';
      form.elements[field].placeholder = s && s.source !== 'runtime override' && s.value ? s.value : form.elements[field].dataset.hint;
    }
  }

  function edit(r) {
    openForm('Change route ' + r.name + (fromConfig(r) ? ' (fields left empty follow config)' : ''), r);
  }

  function body(form) {
    const json = {};
    for (const field of ['path'].concat(POLICY_FIELDS)) {
      const text = form.elements[field].value.trim();
      if (text) { json[field] = text; }
    }
    const methods = form.elements.methods.value.split(',').map((m) => m.trim()).filter((m) => m);
    if (methods.length) { json.methods = methods; }
    const priority = form.elements.priority.value.trim();
    if (priority) { json.priority = /^-?\d+$/.test(priority) ? Number(priority) : priority; }
    return json;
  }

  $('route-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = $('route-form');
    const name = form.elements.name.value.trim();
    const result = await t.call('PUT', '/routes/' + encodeURIComponent(name), body(form));
    t.report(form, $('route-result'), result, result.ok ? 'Route ' + name + ' saved: ' + result.json.path + ' at '
      + result.json.policy.rate + ', in force on every node.' : '');
    if (result.ok) {
      form.elements.name.readOnly = true;
      await t.refresh();
    }
  });

  async function remove(r) {
    const question = fromConfig(r)
      ? 'Drop the runtime settings of route ' + r.name + '? It stays in force as config says.'
      : 'Remove route ' + r.name + ' on every node? Nothing in config defines it, so it is gone.';
    if (!window.confirm(question)) { return; }
    const result = await t.call('DELETE', '/routes/' + encodeURIComponent(r.name));
    t.report($('route-form'), $('routes-result'), result, result.ok && result.json.removed
      ? 'Route ' + r.name + ' removed on every node.'
      : 'Route ' + r.name + ' is back to config: ' + (result.json && result.json.path) + ' at '
        + (result.json && result.json.policy && result.json.policy.rate) + '.');
    await t.refresh();
  }

  for (const input of $('route-form').querySelectorAll('input')) { input.dataset.hint = input.placeholder; }
  $('add-route').addEventListener('click', () => openForm('New route', null));
  $('cancel-route').addEventListener('click', () => { $('route-form').hidden = true; });
  t.addPanel(load);
})(window.throttled);
