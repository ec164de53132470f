/** Where focus lives only while a layer is open: what a layer closes back to is outside them. */
const LAYERS = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

/**
 * Focus is never lost to the page's body (issue 21 §5; WCAG 2.4.3). When the element that held
 * it leaves the page and nothing else took it:
 * - it was in a dialog or menu that closed (a dialog opened from a row's "more" menu, whose item
 *   is gone too): the focus goes back to the last element outside any layer — the menu's button;
 * - it was in a dialog that stays open: to the dialog's title;
 * - a screen gave way to the next (the button pressed is gone with it): to the screen's heading;
 * - the button pressed turned disabled while it works (the browser drops its focus): back to it
 *   once it is enabled again.
 * Headings are made focusable for that (tabindex -1), so a keyboard or screen reader user goes
 * on from there instead of from the top.
 * Browsers fire no event when a focused element is removed, so a MutationObserver looks after
 * each change; it only reads two properties unless the focus was really lost.
 */
export function rescueLostFocus(root: Document = document): () => void {
  let last: Element | null = null;
  /** The dialog or menu `last` was in, if any. */
  let lastLayer: HTMLElement | null = null;
  let anchor: HTMLElement | null = null;
  /** A focused button that turned disabled while it works (a call, a save): it gets the focus back once it is enabled. */
  let waiting: HTMLElement | null = null;
  const remember = (event: FocusEvent) => {
    if (!(event.target instanceof HTMLElement)) return;
    last = event.target;
    lastLayer = event.target.closest<HTMLElement>(LAYERS);
    if (!lastLayer) anchor = event.target;
  };
  const lost = () => !root.activeElement || root.activeElement === root.body;
  const focusHeading = (within: ParentNode, selector: string) => {
    const heading = within.querySelector<HTMLElement>(selector);
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
  };
  const disabled = (element: Element) => element.matches(':disabled');
  const check = () => {
    if (!lost()) {
      waiting = null;
      return;
    }
    if (waiting?.isConnected && !disabled(waiting)) {
      const again = waiting;
      waiting = null;
      again.focus();
      return;
    }
    if (!last) return;
    if (last.isConnected) {
      if (disabled(last) && last instanceof HTMLElement) waiting = last;
      return;
    }
    last = null;
    // Inside a dialog that is still open (its content changed): its title.
    if (lastLayer?.isConnected) return focusHeading(lastLayer, 'h2');
    // A dialog or menu closed: back to where the user was before it.
    if (lastLayer && anchor?.isConnected) {
      anchor.focus();
      if (!lost()) return;
    }
    focusHeading(root, root.querySelector('main h1') ? 'main h1' : 'h1');
  };
  const observer = new MutationObserver(check);
  root.addEventListener('focusin', remember);
  observer.observe(root.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
  return () => {
    observer.disconnect();
    root.removeEventListener('focusin', remember);
  };
}
