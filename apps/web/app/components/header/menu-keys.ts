/**
 * The keyboard rules of the header's two pop-ups, as plain functions (no DOM), so the app's header
 * and the brochure pages' island share them and unit tests can hold them:
 * - the account menu follows the WAI-ARIA menu button pattern;
 * - the phone menu is a disclosure whose open panel keeps Tab and Shift+Tab inside it.
 */

/** What a key pressed on the menu button asks for: open on the first item, on the last, or nothing. */
export type MenuButtonKeyAction = 'open-first' | 'open-last' | null;

/**
 * Enter and Space are the button's own click (which opens on the first item); the arrow keys open
 * the menu too, Up on its last item.
 */
export function menuButtonKeyAction(key: string): MenuButtonKeyAction {
  if (key === 'ArrowDown') return 'open-first';
  if (key === 'ArrowUp') return 'open-last';
  return null;
}

export type MenuKeyAction =
  /** Move focus to the item at this index. */
  | { type: 'focus'; index: number }
  /** Close and give focus back to the menu button (Escape). */
  | { type: 'close' }
  /** Close and let focus go on to wherever Tab takes it. */
  | { type: 'leave' }
  /** Follow the focused item (Space; Enter is a link's own). */
  | { type: 'activate' }
  | null;

/**
 * A key pressed on item `index` of a menu of `labels.length` items: arrows move and wrap round,
 * Home and End jump to the ends, a letter moves to the next item starting with it.
 */
export function menuKeyAction(key: string, index: number, labels: readonly string[]): MenuKeyAction {
  const count = labels.length;
  if (count === 0) return key === 'Escape' ? { type: 'close' } : null;
  switch (key) {
    case 'ArrowDown':
      return { type: 'focus', index: (index + 1 + count) % count };
    case 'ArrowUp':
      return { type: 'focus', index: index <= 0 ? count - 1 : index - 1 };
    case 'Home':
    case 'PageUp':
      return { type: 'focus', index: 0 };
    case 'End':
    case 'PageDown':
      return { type: 'focus', index: count - 1 };
    case 'Escape':
      return { type: 'close' };
    case 'Tab':
      return { type: 'leave' };
    case ' ':
      return { type: 'activate' };
    default:
      break;
  }
  if (key.length !== 1 || !/\S/.test(key)) return null;
  const letter = key.toLocaleLowerCase();
  for (let step = 1; step <= count; step += 1) {
    const candidate = (index + step + count) % count;
    if (labels[candidate]!.trim().toLocaleLowerCase().startsWith(letter)) return { type: 'focus', index: candidate };
  }
  return null;
}

/**
 * Where Tab (or Shift+Tab) must send focus to stay inside an open panel of `count` focusable
 * elements, focus being on element `index` (-1: outside the panel); null when the browser's own
 * move already stays inside.
 */
export function trappedTabTarget(index: number, count: number, backwards: boolean): number | null {
  if (count === 0) return null;
  if (index < 0) return backwards ? count - 1 : 0;
  if (backwards && index === 0) return count - 1;
  if (!backwards && index === count - 1) return 0;
  return null;
}
