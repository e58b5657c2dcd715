// The page's only script, inlined and allowed by its hash in the CSP. It only adds conveniences on top
// of a complete static page: status filter, text search, expand/collapse, copy buttons, and opening a
// check linked by #anchor. It reads the DOM the server rendered and embeds no run data; it writes
// text with textContent and builds elements with createElement, never innerHTML.

/** Source of the inline <script> (ES2017, no modules, no network). */
export const pageScript = `(function () {
  'use strict';
  var checks = Array.prototype.slice.call(document.querySelectorAll('details.check'));
  var groups = Array.prototype.slice.call(document.querySelectorAll('section.class-group, section.suite'));

  function make(tag, attributes, text) {
    var element = document.createElement(tag);
    Object.keys(attributes).forEach(function (name) { element.setAttribute(name, attributes[name]); });
    if (text !== undefined) element.textContent = text;
    return element;
  }

  function countWhere(predicate) {
    return checks.filter(predicate).length;
  }

  function statusOf(check) {
    return check.getAttribute('data-status');
  }

  var filters = [
    { value: 'all', label: 'All checks', test: function () { return true; } },
    { value: 'problems', label: 'Failed and errored', test: function (c) { var s = statusOf(c); return s === 'failed' || s === 'errored'; } },
    { value: 'failed', label: 'Failed', test: function (c) { return statusOf(c) === 'failed'; } },
    { value: 'errored', label: 'Errored', test: function (c) { return statusOf(c) === 'errored'; } },
    { value: 'skipped', label: 'Skipped', test: function (c) { return statusOf(c) === 'skipped'; } },
    { value: 'passed', label: 'Passed', test: function (c) { return statusOf(c) === 'passed'; } }
  ];
  if (document.querySelector('details.check[data-comparison]')) {
    filters.push({ value: 'new-failure', label: 'New failures', test: function (c) { return c.getAttribute('data-comparison') === 'new-failure'; } });
    filters.push({ value: 'fixed', label: 'Fixed', test: function (c) { return c.getAttribute('data-comparison') === 'fixed'; } });
  }

  function addToolbar(toolbar) {
    var select = make('select', { id: 'status-filter', 'aria-label': 'Show checks with this status' });
    filters.forEach(function (filter) {
      select.appendChild(make('option', { value: filter.value }, filter.label + ' (' + countWhere(filter.test) + ')'));
    });
    var search = make('input', { id: 'search', type: 'search', placeholder: 'Search id, title, class or message', 'aria-label': 'Search checks', autocomplete: 'off' });
    var expand = make('button', { id: 'expand-shown', type: 'button' }, 'Expand shown');
    var collapse = make('button', { id: 'collapse-all', type: 'button' }, 'Collapse all');
    var shownCount = make('span', { id: 'shown-count', 'aria-live': 'polite' });

    function apply() {
      var filter = filters.filter(function (f) { return f.value === select.value; })[0] || filters[0];
      var query = search.value.trim().toLowerCase();
      var shown = 0;
      checks.forEach(function (check) {
        var isMatch = filter.test(check) && (query === '' || (check.getAttribute('data-search') || '').indexOf(query) !== -1);
        check.hidden = !isMatch;
        if (isMatch) shown += 1;
      });
      groups.forEach(function (group) {
        group.hidden = group.querySelector('details.check:not([hidden])') === null;
      });
      shownCount.textContent = 'Showing ' + shown + ' of ' + checks.length + ' checks';
    }

    var pending;
    search.addEventListener('input', function () {
      clearTimeout(pending);
      pending = setTimeout(apply, 120);
    });
    select.addEventListener('change', apply);
    expand.addEventListener('click', function () {
      checks.forEach(function (check) { if (!check.hidden) check.open = true; });
    });
    collapse.addEventListener('click', function () {
      checks.forEach(function (check) { check.open = false; });
    });
    [select, search, expand, collapse, shownCount].forEach(function (control) { toolbar.appendChild(control); });
    apply();
  }

  function selectText(element) {
    var range = document.createRange();
    range.selectNodeContents(element);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  function addCopyButton(pre) {
    var button = make('button', { type: 'button', class: 'copy' }, 'Copy');
    button.addEventListener('click', function () {
      var done = function () { button.textContent = 'Copied'; };
      var fallback = function () { selectText(pre); button.textContent = 'Selected: press Ctrl+C'; };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(pre.textContent).then(done, fallback);
      } else {
        fallback();
      }
    });
    pre.parentNode.insertBefore(button, pre);
  }

  function openLinkedCheck() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id === '' ? null : document.getElementById(id);
    if (target && target.matches('details.check')) {
      for (var node = target; node; node = node.parentElement) node.hidden = false;
      target.open = true;
    }
  }

  var toolbar = document.getElementById('toolbar');
  if (toolbar && checks.length > 0) addToolbar(toolbar);
  Array.prototype.slice.call(document.querySelectorAll('pre.copyable')).forEach(addCopyButton);
  window.addEventListener('hashchange', openLinkedCheck);
  openLinkedCheck();
})();
`;
