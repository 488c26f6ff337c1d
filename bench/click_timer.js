// Installed before a click: records the pointerdown time, then the first animation frame after
// the accessibility tree shows `target` (as a node's label or text, or the start of a player's sheet's
// value button: "Money of Anna: 6. Type a number…"): the updated value is on screen.
(target) => {
  window.__clickResult = null;
  let down = null;
  window.addEventListener('pointerdown', () => { down = performance.now(); }, { capture: true, once: true });
  const shows = () => {
    for (const e of document.querySelectorAll('flt-semantics, flt-semantics span')) {
      const label = e.getAttribute('aria-label') || '';
      if (label === target || label.startsWith(target + '. ')) return true;
      const t = e.textContent || '';
      if (e.tagName === 'SPAN' && (t === target || t.startsWith(target + '\n'))) return true;
      if (e.tagName !== 'SPAN' && t.startsWith(target + '. ')) return true;  // a sheet's value button
    }
    return false;
  };
  const observer = new MutationObserver(() => {
    if (down !== null && shows()) {
      observer.disconnect();
      requestAnimationFrame(() => { window.__clickResult = performance.now() - down; });
    }
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
}
