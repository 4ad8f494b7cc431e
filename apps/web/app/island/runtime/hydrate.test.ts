import { describe, expect, it } from 'vitest';
import { restoreTypedValues, typedValues } from './hydrate';

/** An input as far as the restore needs one: a value setter on its prototype, events, a type. */
class FakeField {
  type: string;
  isConnected = true;
  checked = false;
  events: string[] = [];
  private current = '';
  constructor(type = 'text') {
    this.type = type;
  }
  get value() {
    return this.current;
  }
  set value(next: string) {
    this.current = next;
  }
  dispatchEvent(event: Event) {
    this.events.push(event.type);
    return true;
  }
  click() {
    this.checked = !this.checked;
    this.events.push('click');
  }
}

const root = (...fields: FakeField[]) => ({ querySelectorAll: () => fields }) as unknown as ParentNode;

describe('keeping what a visitor typed before the island ran', () => {
  it('puts a typed value back where the form reset it, as an input the form takes in', () => {
    const email = new FakeField('email');
    const password = new FakeField('password');
    const untouched = new FakeField();
    email.value = 'ada@example.com';
    password.value = 'secret';
    const typed = typedValues(root(email, password, untouched));
    email.value = '';
    password.value = '';
    restoreTypedValues(typed);
    expect([email.value, password.value, untouched.value]).toEqual(['ada@example.com', 'secret', '']);
    expect(email.events).toEqual(['input', 'change']);
    expect(untouched.events).toEqual([]);
  });

  it('leaves alone what still holds the typed value, and what has left the page', () => {
    const kept = new FakeField();
    const gone = new FakeField();
    kept.value = 'same';
    gone.value = 'typed';
    const typed = typedValues(root(kept, gone));
    gone.value = '';
    gone.isConnected = false;
    restoreTypedValues(typed);
    expect(kept.events).toEqual([]);
    expect(gone.value).toBe('');
  });

  it('ticks a box again by a click, as a visitor would', () => {
    const box = new FakeField('checkbox');
    box.checked = true;
    const typed = typedValues(root(box));
    box.checked = false;
    restoreTypedValues(typed);
    expect(box.checked).toBe(true);
    expect(box.events).toEqual(['click']);
  });
});
