// The policies panel and the override editor: every policy with its tiers under it, where each setting came
// from, and runtime overrides of a policy or a tier (adding a tier is its first override).
(function (t) {
  'use strict';
  const $ = t.$;
  const TIER = '.tier.';
  const BUCKET_FIELDS = ['algorithm', 'rate', 'refill', 'key', 'max-wait', 'lease', 'lease-lifetime'];
  // a policy's, not a tier's: the call rules, and what decides its calls when Redis cannot
  const RULE_FIELDS = ['count', 'exempt', 'tier-by', 'tiers', 'penalty', 'failure-mode'];
  let views = new Map();      // policy or tier name -> its view from the API
  let routeNames = new Set();
  let editing = null;         // { name, parent, isNew }

  async function load() {
    const [policies, routes] = await Promise.all([t.call('GET', '/policies'), t.call('GET', '/routes')]);
    if (!policies.ok) { return; }
    routeNames = new Set(routes.ok ? routes.json.map((r) => r.name) : []);
    const tierNames = policies.json.flatMap((p) => (p.tiers || []).map((tier) => p.name + TIER + tier));
    const tiers = await Promise.all(tierNames.map((name) => t.call('GET', '/policies/' + encodeURIComponent(name))));
    views = new Map(policies.json.map((p) => [p.name, p]));
    tiers.filter((r) => r.ok).forEach((r) => views.set(r.json.name, r.json));
    show(policies.json);
  }

  function show(list) {
    const body = $('policies');
    body.innerHTML = '';
    for (const p of list) {
      body.appendChild(policyRow(p));
      for (const tier of p.tiers || []) {
        const view = views.get(p.name + TIER + tier);
        if (view) { body.appendChild(tierRow(p, tier, view)); }
      }
    }
    t.bucketPolicies([...views.keys()]);
    if (editing && !editing.isNew) { fillEditor(editing.name); }
  }

  function policyRow(p) {
    const row = settingsRow(p, '<code>' + t.escapeHtml(p.name) + '</code>' + (routeNames.has(p.name) ? ' <span class="chip">route</span>' : ''),
      (s) => s.source !== 'default');
    row.className = 'policy';
    const actions = row.lastChild;
    if (routeNames.has(p.name)) {
      actions.innerHTML = '<span class="note">in Routes</span>';
    } else {
      actions.append(t.button('Edit', 'edit quiet', () => edit(p.name)), ' ',
        t.button('Add tier', 'add-tier quiet', () => addTier(p.name)));
    }
    return row;
  }

  function tierRow(p, tier, view) {
    // a tier's inherited fields are its policy's: only its own settings get a chip
    const row = settingsRow(view, '↳ <code>' + t.escapeHtml(tier) + '</code>', (s) => s.source === 'config' || s.source === 'runtime override');
    row.className = 'tier';
    if (!routeNames.has(p.name)) {
      row.lastChild.append(t.button('Edit', 'edit quiet', () => edit(view.name)));
      if (view.overridden) {
        row.lastChild.append(' ', t.button(ownedByOverride(view) ? 'Remove' : 'Drop override', 'drop quiet', () => drop(view.name)));
      }
    }
    return row;
  }

  function settingsRow(view, nameHtml, chipFor) {
    const row = document.createElement('tr');
    row.dataset.policy = view.name;
    const sources = Object.entries(view.settings).filter(([, s]) => chipFor(s))
      .map(([field, s]) => '<span class="chip ' + (s.source === 'runtime override' ? 'override' : t.escapeHtml(s.source))
        + '" title="' + t.escapeHtml(s.origin) + '">' + field + ': ' + t.escapeHtml(s.source) + '</span>').join(' ');
    row.innerHTML = '<td>' + nameHtml + '</td><td>' + t.escapeHtml(view.algorithm) + '</td><td class="rate"><code>'
      + t.escapeHtml(view.rate) + '</code></td><td><code>' + t.escapeHtml(view.key) + '</code></td><td>' + view.cost
      + '</td><td>' + view.enforce + '</td><td class="failure-mode">' + failureMode(view) + '</td><td>' + sources
      + '</td><td class="actions"></td>';
    return row;
  }

  // The failure mode in force; "(default)" when the policy follows throttled.redis.failure-mode.
  function failureMode(view) {
    const s = view.settings['failure-mode'];
    return t.escapeHtml(view.failureMode || '') + (s && s.source === 'default'
      ? ' <span class="note" title="' + t.escapeHtml(s.origin) + '">(default)</span>' : '');
  }

  // A tier no config key sets exists only through its override: dropping the override removes it.
  function ownedByOverride(view) {
    return !Object.values(view.settings).some((s) => s.source === 'config');
  }

  function edit(name) {
    editing = { name, parent: null, isNew: false };
    openEditor(name, name.includes(TIER));
    fillEditor(name);
  }

  function addTier(parent) {
    editing = { name: null, parent, isNew: true };
    openEditor('a new tier of ' + parent, true);
    fillEditor(parent, true);
    $('edit-form').elements.tier.focus();
  }

  function openEditor(title, tier) {
    $('editor').hidden = false;
    $('edit-name').textContent = title;
    $('edit-result').textContent = '';
    $('tier-name-field').hidden = !(editing.isNew);
    $('call-rules').hidden = tier;
    $('drop').hidden = editing.isNew;
    $('edit-note').textContent = tier
      ? 'A tier sets only the fields of its buckets; fields left empty are its policy\'s (shown greyed). Saving replaces'
        + ' the tier\'s runtime override on every node.'
      : 'Fields left empty follow config and the annotation (shown greyed). Saving replaces the policy\'s runtime'
        + ' override on every node.';
  }

  // Overridden fields in the inputs; what config, the annotation or the policy gives as placeholders.
  function fillEditor(name, inheritedOnly) {
    const p = views.get(name);
    if (!p) { return; }
    const form = $('edit-form');
    form.elements.tier.value = '';
    for (const [field, s] of Object.entries(p.settings)) {
      const input = form.elements[field];
      if (!input) { continue; }
      input.value = !inheritedOnly && s.source === 'runtime override' ? s.value : '';
      if (input.tagName === 'INPUT') { input.placeholder = s.value; }
    }
  }

  function overrideBody(form, tier) {
    const body = {};
    for (const field of tier ? BUCKET_FIELDS : BUCKET_FIELDS.concat(RULE_FIELDS)) {
      if (form.elements[field].value.trim()) { body[field] = form.elements[field].value.trim(); }
    }
    for (const field of ['burst', 'cost', 'max-waiters']) {
      const text = form.elements[field].value.trim();
      if (text) { body[field] = /^-?\d+$/.test(text) ? Number(text) : text; }
    }
    if (form.elements.enforce.value) { body.enforce = form.elements.enforce.value === 'true'; }
    return body;
  }

  $('edit-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = $('edit-form');
    const name = editing.isNew ? editing.parent + TIER + form.elements.tier.value.trim() : editing.name;
    const result = await t.call('PUT', '/policies/' + encodeURIComponent(name), overrideBody(form, name.includes(TIER)));
    const created = editing.isNew && result.ok;
    if (created) {
      editing = { name, parent: null, isNew: false };
      openEditor(name, true);
    }
    t.report(form, $('edit-result'), result, (created ? 'Tier ' + name + ' added: ' : 'Saved: ')
      + (result.json && result.json.rate) + ' is in force on every node.');
    await t.refresh();
  });

  $('drop').addEventListener('click', async () => {
    const result = await t.call('DELETE', '/policies/' + encodeURIComponent(editing.name));
    t.report($('edit-form'), $('edit-result'), result, dropped(editing.name, result));
    await t.refresh();
  });

  async function drop(name) {
    const result = await t.call('DELETE', '/policies/' + encodeURIComponent(name));
    t.report($('edit-form'), $('policies-result'), result, dropped(name, result));
    await t.refresh();
  }

  function dropped(name, result) {
    if (result.json && result.json.removed) {
      return 'Tier ' + name + ' removed on every node: its callers get ' + name.slice(0, name.indexOf(TIER)) + ' itself.';
    }
    return 'Override of ' + name + ' dropped: ' + (result.json && result.json.rate) + ' holds again.';
  }

  $('refresh').addEventListener('click', t.refresh);
  t.addPanel(load);
})(window.throttled);
