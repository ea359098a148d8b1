// The explain panel: which routes and policies a request would meet, the caller's tier and key, whether an
// exemption applies. The server plans it with the filters' own code and takes nothing from any bucket.
(function (t) {
  'use strict';
  const $ = t.$;

  function query(form) {
    const params = new URLSearchParams();
    params.append('method', form.elements.method.value);
    params.append('path', form.elements.path.value.trim());
    for (const name of ['user', 'address']) {
      if (form.elements[name].value.trim()) { params.append(name, form.elements[name].value.trim()); }
    }
    list(form.elements.roles.value).forEach((role) => params.append('role', role));
    list(form.elements.params.value).forEach((param) => params.append('param', param));
    return params.toString();
  }

  function list(text) {
    return text.split(',').map((s) => s.trim()).filter((s) => s);
  }

  function show(answer) {
    $('explain-summary').textContent = answer.method + ' ' + answer.path + ' from ' + (answer.clientAddress || '(no address)')
      + (answer.resourceMethod ? ' reaches ' + answer.resourceMethod + ' (' + answer.template + ')' : ': no resource method takes it')
      + '; ' + (answer.policies.length ? answer.policies.length + ' polic' + (answer.policies.length === 1 ? 'y' : 'ies')
      + ', decided in this order:' : 'no policy applies.');
    $('explain-table').hidden = answer.policies.length === 0;
    const body = $('explained');
    body.innerHTML = '';
    for (const p of answer.policies) {
      const row = document.createElement('tr');
      row.dataset.policy = p.policy;
      t.cell(row, t.escapeHtml(p.source));
      t.cell(row, '<code>' + t.escapeHtml(p.policy) + '</code>', 'policy');
      t.cell(row, t.escapeHtml(p.tier), 'tier');
      t.cell(row, '<code>' + t.escapeHtml(p.bucketPolicy) + '</code>', 'buckets');
      t.cell(row, '<code>' + t.escapeHtml(p.key) + '</code>', 'key');
      t.cell(row, p.decided ? 'yes' + (p.enforce ? '' : ' (shadow)') : 'no' + (p.exemptBy ? ': exempt by ' + t.escapeHtml(p.exemptBy) : ': unlimited'), 'decided');
      t.cell(row, t.escapeHtml(p.count));
      t.cell(row, '<code>' + t.escapeHtml(p.rate) + '</code> ' + t.escapeHtml(p.algorithm), 'rate');
      body.appendChild(row);
    }
  }

  $('explain-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = $('explain-form');
    const result = await t.call('GET', '/explain?' + query(form));
    t.report(form, $('explain-result'), result, '');
    if (result.ok) {
      show(result.json);
    } else {
      $('explain-table').hidden = true;
      $('explain-summary').textContent = '';
    }
  });
})(window.throttled);
