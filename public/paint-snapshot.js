/* global document, localStorage, location */
/*
 * Paints the signed-in user's last Home (kept by src/components/use-home-snapshot.ts, format in
 * src/sync/home-snapshot.ts) before the app's code has loaded, so an offline start shows the
 * user's data at once; the app takes over when its own Home has rendered. A file, not an
 * inline script, so the Content-Security-Policy needs no hash for it.
 *
 * Safe by construction: only on /home, only before the local session's end and without a
 * pending logout (the key is dropped on logout, on a 401 and when another user signs in), and
 * the stored markup is parsed inert and kept only through an allowlist of elements and
 * attributes: no scripts, no handlers, no foreign URLs, no ids that could clash with the app's.
 */
(function () {
  var TAGS =
    'a abbr article aside b br button div em footer h1 h2 h3 h4 h5 h6 header hr i img label li main nav ol p section small span strong table tbody td th thead tr ul svg g path circle rect line polyline polygon title';
  var ATTRS =
    'class style role title alt lang dir hidden type disabled viewbox d fill stroke stroke-width stroke-linecap stroke-linejoin fill-rule clip-rule width height xmlns cx cy r rx ry x y x1 x2 y1 y2 points transform opacity focusable';
  // Attributes that point at ids: the ids themselves are dropped.
  var IDREFS = 'aria-labelledby aria-describedby aria-controls aria-owns aria-activedescendant';
  var allowedTags = {};
  var allowedAttrs = {};
  var idrefs = {};
  TAGS.split(' ').forEach(function (t) {
    allowedTags[t] = true;
  });
  ATTRS.split(' ').forEach(function (a) {
    allowedAttrs[a] = true;
  });
  IDREFS.split(' ').forEach(function (a) {
    idrefs[a] = true;
  });
  var LOCAL_URL = /^\/(?!\/)[^\s\\]*$/;
  var UNSAFE_CSS = /url\s*\(|@import|expression|<\//i;

  function keepAttr(name, value) {
    if (name === 'href' || name === 'src') return LOCAL_URL.test(value);
    if (name === 'style') return !UNSAFE_CSS.test(value);
    if (idrefs[name]) return false;
    if (name.indexOf('aria-') === 0 || name.indexOf('data-') === 0) return true;
    return allowedAttrs[name] === true;
  }

  function clean(parent) {
    var children = Array.prototype.slice.call(parent.childNodes);
    children.forEach(function (node) {
      if (node.nodeType === 3) return;
      if (node.nodeType !== 1 || !allowedTags[node.localName]) {
        parent.removeChild(node);
        return;
      }
      Array.prototype.slice.call(node.attributes).forEach(function (attr) {
        if (!keepAttr(attr.name.toLowerCase(), attr.value)) node.removeAttribute(attr.name);
      });
      clean(node);
    });
  }

  function linkSheet(href) {
    return new Promise(function (resolve) {
      if (!/^\/assets\/[\w.-]+\.css$/.test(href)) return resolve();
      if (document.querySelector('link[rel="stylesheet"][href="' + href + '"]')) return resolve();
      var link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.onload = link.onerror = resolve;
      document.head.appendChild(link);
    });
  }

  try {
    if (location.pathname !== '/home') return;
    if (localStorage.getItem('torque-logout-pending') !== null) return;
    var s = JSON.parse(localStorage.getItem('torque-home-snapshot') || 'null');
    if (!s || s.v !== 1 || typeof s.html !== 'string' || typeof s.userId !== 'string') return;
    if (!(s.expiresAt > Date.now())) return;
    var root = document.getElementById('root');
    if (!root) return;

    var template = document.createElement('template');
    template.innerHTML = s.html;
    clean(template.content);

    var box = document.createElement('div');
    box.id = 'home-snapshot';
    box.inert = true;
    box.setAttribute('aria-busy', 'true');
    // Shown once its stylesheets are in, so it never flashes unstyled.
    box.style.display = 'none';
    box.appendChild(template.content);
    root.parentNode.insertBefore(box, root);
    document.documentElement.setAttribute('data-snapshot', s.userId);

    if (typeof s.css === 'string' && !UNSAFE_CSS.test(s.css)) {
      var style = document.createElement('style');
      style.setAttribute('data-snapshot', '');
      style.textContent = s.css;
      document.head.appendChild(style);
    }
    Promise.all((Array.isArray(s.sheets) ? s.sheets : []).map(linkSheet)).then(function () {
      box.style.display = '';
    });
  } catch {
    // A broken snapshot only costs the head start: the app boots as usual.
  }
})();
