import { describe, expect, it } from 'vitest';
import { menuButtonKeyAction, menuKeyAction, trappedTabTarget } from './menu-keys';

const ITEMS = ['Account', 'Orders', 'Log out'];

describe('the account menu button', () => {
  it('opens on the first item with Down and on the last with Up; Enter and Space are its click', () => {
    expect(menuButtonKeyAction('ArrowDown')).toBe('open-first');
    expect(menuButtonKeyAction('ArrowUp')).toBe('open-last');
    expect(menuButtonKeyAction('Enter')).toBeNull();
    expect(menuButtonKeyAction(' ')).toBeNull();
    expect(menuButtonKeyAction('Escape')).toBeNull();
  });
});

describe('keys inside the account menu', () => {
  it('moves with the arrows and wraps round at both ends', () => {
    expect(menuKeyAction('ArrowDown', 0, ITEMS)).toEqual({ type: 'focus', index: 1 });
    expect(menuKeyAction('ArrowDown', 2, ITEMS)).toEqual({ type: 'focus', index: 0 });
    expect(menuKeyAction('ArrowUp', 1, ITEMS)).toEqual({ type: 'focus', index: 0 });
    expect(menuKeyAction('ArrowUp', 0, ITEMS)).toEqual({ type: 'focus', index: 2 });
  });

  it('jumps to the ends with Home and End', () => {
    expect(menuKeyAction('Home', 2, ITEMS)).toEqual({ type: 'focus', index: 0 });
    expect(menuKeyAction('End', 0, ITEMS)).toEqual({ type: 'focus', index: 2 });
  });

  it('closes with Escape (focus back on the button) and lets Tab leave', () => {
    expect(menuKeyAction('Escape', 1, ITEMS)).toEqual({ type: 'close' });
    expect(menuKeyAction('Tab', 1, ITEMS)).toEqual({ type: 'leave' });
  });

  it('follows the item with Space; Enter is left to the link itself', () => {
    expect(menuKeyAction(' ', 0, ITEMS)).toEqual({ type: 'activate' });
    expect(menuKeyAction('Enter', 0, ITEMS)).toBeNull();
  });

  it('moves to the next item starting with a typed letter, in any case, after the current one', () => {
    expect(menuKeyAction('l', 0, ITEMS)).toEqual({ type: 'focus', index: 2 });
    expect(menuKeyAction('O', 0, ITEMS)).toEqual({ type: 'focus', index: 1 });
    expect(menuKeyAction('a', 0, ITEMS)).toEqual({ type: 'focus', index: 0 });
    expect(menuKeyAction('a', 1, [...ITEMS, 'Addresses'])).toEqual({ type: 'focus', index: 3 });
    expect(menuKeyAction('z', 0, ITEMS)).toBeNull();
    expect(menuKeyAction('Shift', 0, ITEMS)).toBeNull();
  });

  it('only closes an empty menu', () => {
    expect(menuKeyAction('ArrowDown', -1, [])).toBeNull();
    expect(menuKeyAction('Escape', -1, [])).toEqual({ type: 'close' });
  });
});

describe('Tab inside the open phone menu', () => {
  it('wraps from the last element to the first, and with Shift from the first to the last', () => {
    expect(trappedTabTarget(4, 5, false)).toBe(0);
    expect(trappedTabTarget(0, 5, true)).toBe(4);
  });

  it('leaves the browser to move between elements inside', () => {
    expect(trappedTabTarget(0, 5, false)).toBeNull();
    expect(trappedTabTarget(3, 5, true)).toBeNull();
  });

  it('brings focus that is outside the panel back into it', () => {
    expect(trappedTabTarget(-1, 5, false)).toBe(0);
    expect(trappedTabTarget(-1, 5, true)).toBe(4);
    expect(trappedTabTarget(-1, 0, false)).toBeNull();
  });
});
