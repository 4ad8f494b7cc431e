/**
 * The behaviour of the header's two pop-ups, the phone menu and the account menu, written once
 * against the markup and used by both renderers of that markup: the app's header (React, from an
 * effect) and the brochure pages' island (ADR 006), which has no React. Each controller owns the
 * attributes it changes (data-open, aria-expanded, hidden, inert); React renders them once, with
 * their closed values, and never changes them afterwards. The key rules live in ./menu-keys.
 */
import { menuButtonKeyAction, menuKeyAction, trappedTabTarget } from './menu-keys';

/** The widths at which the main navigation folds into the phone menu (styles/layout/header.css). */
export const PHONE_MENU_QUERY = '(max-width: 59.98rem)';

export interface PopupController {
  /** Closes the pop-up if open; with `restoreFocus`, focus goes back to its button. */
  close(options?: { restoreFocus?: boolean }): void;
  /** Removes every listener (and closes), for a header that leaves the page. */
  destroy(): void;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements inside `container` that Tab can reach now (rendered and not hidden). */
export function tabbableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.tabIndex >= 0 && element.getClientRects().length > 0,
  );
}

const NOT_CONTENT = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'LINK', 'META', 'NOSCRIPT']);

/**
 * Makes everything outside `keep` inert (every sibling of it and of each of its ancestors, up to
 * <body>), so neither pointer, keyboard nor assistive technology reaches the page behind an open
 * panel. Answers the function that gives back exactly what it took.
 */
export function inertOutside(keep: HTMLElement): () => void {
  const changed: HTMLElement[] = [];
  for (let node: HTMLElement = keep; node.parentElement && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling === node || !(sibling instanceof HTMLElement) || NOT_CONTENT.has(sibling.tagName) || sibling.inert) continue;
      sibling.inert = true;
      changed.push(sibling);
    }
  }
  return () => {
    for (const element of changed) element.inert = false;
  };
}

/**
 * The phone menu (`nav.main-nav` with its `.main-nav__toggle`): a disclosure button. While open,
 * the rest of the page is inert, Tab and Shift+Tab go round the button and the links, Escape
 * closes it and gives focus back to the button, and a click outside closes it. It closes by
 * itself when the window grows past phone widths, where the links show in the bar.
 */
export function attachPhoneMenu(nav: HTMLElement): PopupController {
  const toggle = nav.querySelector<HTMLButtonElement>('.main-nav__toggle');
  const list = nav.querySelector<HTMLElement>('.main-nav__list');
  if (!toggle || !list) return { close: () => undefined, destroy: () => undefined };
  const phone = window.matchMedia(PHONE_MENU_QUERY);
  let restoreInert: (() => void) | null = null;
  const isOpen = () => nav.dataset.open === 'true';

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close({ restoreFocus: true });
      return;
    }
    if (event.key !== 'Tab') return;
    const tabbable = tabbableIn(nav);
    const target = trappedTabTarget(tabbable.indexOf(document.activeElement as HTMLElement), tabbable.length, event.shiftKey);
    if (target === null) return;
    event.preventDefault();
    tabbable[target]!.focus();
  };
  // The shade over the page behind is the nav's own ::before, so a press on it targets the nav.
  const onPointerDown = (event: Event) => {
    const target = event.target as Node;
    if (!toggle.contains(target) && !list.contains(target)) close();
  };
  const onMediaChange = () => {
    if (!phone.matches) close();
  };

  function open() {
    if (isOpen()) return;
    nav.dataset.open = 'true';
    toggle!.setAttribute('aria-expanded', 'true');
    restoreInert = inertOutside(nav);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
  }

  function close({ restoreFocus = false }: { restoreFocus?: boolean } = {}) {
    if (!isOpen()) return;
    nav.dataset.open = 'false';
    toggle!.setAttribute('aria-expanded', 'false');
    restoreInert?.();
    restoreInert = null;
    document.removeEventListener('keydown', onKeyDown);
    document.removeEventListener('pointerdown', onPointerDown);
    if (restoreFocus) toggle!.focus();
  }

  const onToggle = () => (isOpen() ? close() : open());
  toggle.addEventListener('click', onToggle);
  phone.addEventListener('change', onMediaChange);
  return {
    close,
    destroy() {
      close();
      toggle.removeEventListener('click', onToggle);
      phone.removeEventListener('change', onMediaChange);
    },
  };
}

/**
 * The account menu (`.account-menu`: a button with aria-haspopup="menu", then a pop-up holding a
 * `[role=menu]` of link items), following the WAI-ARIA menu button pattern: Enter, Space, a click
 * or Down opens it on its first item (Up on its last); the arrows, Home, End and a typed letter
 * move between items; Escape closes it and gives focus back to the button; Tab, a click outside
 * or following an item closes it.
 */
export function attachAccountMenu(root: HTMLElement): PopupController {
  const button = root.querySelector<HTMLButtonElement>('.account-menu__button');
  const popup = root.querySelector<HTMLElement>('.account-menu__popup');
  const menu = root.querySelector<HTMLElement>('[role="menu"]');
  if (!button || !popup || !menu) return { close: () => undefined, destroy: () => undefined };
  const items = () => [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const isOpen = () => root.dataset.open === 'true';

  function open(focus: 'first' | 'last') {
    if (!isOpen()) {
      root.dataset.open = 'true';
      popup!.hidden = false;
      button!.setAttribute('aria-expanded', 'true');
      document.addEventListener('pointerdown', onPointerDown);
    }
    const all = items();
    all[focus === 'first' ? 0 : all.length - 1]?.focus();
  }

  function close({ restoreFocus = false }: { restoreFocus?: boolean } = {}) {
    if (!isOpen()) return;
    root.dataset.open = 'false';
    popup!.hidden = true;
    button!.setAttribute('aria-expanded', 'false');
    document.removeEventListener('pointerdown', onPointerDown);
    if (restoreFocus) button!.focus();
  }

  const onPointerDown = (event: Event) => {
    if (!root.contains(event.target as Node)) close();
  };
  const onButtonClick = () => (isOpen() ? close() : open('first'));
  const onButtonKeyDown = (event: KeyboardEvent) => {
    const action = menuButtonKeyAction(event.key);
    if (!action) return;
    event.preventDefault();
    open(action === 'open-first' ? 'first' : 'last');
  };
  const onMenuKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const all = items();
    const current = all.indexOf(document.activeElement as HTMLElement);
    const action = menuKeyAction(event.key, current, all.map((item) => item.textContent ?? ''));
    if (!action) return;
    switch (action.type) {
      case 'focus':
        event.preventDefault();
        all[action.index]?.focus();
        break;
      case 'close':
        event.preventDefault();
        close({ restoreFocus: true });
        break;
      case 'leave':
        close();
        break;
      case 'activate':
        event.preventDefault();
        all[current]?.click();
        break;
    }
  };
  // Following an item (Enter or a click) closes the menu; the link then does its own work.
  const onMenuClick = (event: Event) => {
    if ((event.target as Element).closest('[role="menuitem"]')) close();
  };
  const onFocusOut = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && !root.contains(next)) close();
  };

  button.addEventListener('click', onButtonClick);
  button.addEventListener('keydown', onButtonKeyDown);
  menu.addEventListener('keydown', onMenuKeyDown);
  menu.addEventListener('click', onMenuClick);
  root.addEventListener('focusout', onFocusOut);
  return {
    close,
    destroy() {
      close();
      button.removeEventListener('click', onButtonClick);
      button.removeEventListener('keydown', onButtonKeyDown);
      menu.removeEventListener('keydown', onMenuKeyDown);
      menu.removeEventListener('click', onMenuClick);
      root.removeEventListener('focusout', onFocusOut);
    },
  };
}
