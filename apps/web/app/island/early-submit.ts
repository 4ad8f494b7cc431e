/**
 * A form page's buttons are disabled until its island is live (ADR 023), and a browser does nothing
 * when a form whose default button is disabled is asked to submit. So an Enter in a field (a quick
 * typist, a password manager's fill) or a tap on a button in the second or so the island takes to
 * start was lost without a word, and the visitor had to ask again. This remembers such a request
 * (the last one) and carries it out once the page is live, as if asked then: a submit is submitted,
 * and a press of a plain button (the sign-in page's "Email me a sign-in link instead") is a click.
 */

type SubmitButton = HTMLButtonElement | HTMLInputElement;

/** How long a request waits for the form to come alive before it is dropped (the island failed). */
export const EARLY_SUBMIT_WAIT_MS = 15_000;

/** Inputs in which Enter asks for the form to be submitted (implicit submission). */
const NOT_IMPLICIT = new Set(['button', 'submit', 'reset', 'checkbox', 'radio', 'file', 'hidden', 'image', 'color', 'range']);

/** The form's default button: its first submit button, in tree order. */
function defaultButton(form: HTMLFormElement): SubmitButton | null {
  for (const element of form.elements) {
    if ((element instanceof HTMLButtonElement || element instanceof HTMLInputElement) && element.type === 'submit') return element;
  }
  return null;
}

export interface EarlySubmit {
  /** The island has run: carry out a request made before, once a form's button is enabled. */
  release(): void;
  /** The island will not run: forget any request and stop listening. */
  stop(): void;
}

/** What the visitor asked for before the page was live: a form submitted, or a plain button pressed. */
type Asked = { form: HTMLFormElement } | { button: HTMLButtonElement };

export function holdEarlySubmits(main: HTMLElement): EarlySubmit {
  let pending: Asked | null = null;
  let observer: MutationObserver | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** Remembers the form when the visitor asks a form that cannot yet submit to do so. */
  const rememberSubmit = (form: HTMLFormElement | null, button?: Element) => {
    if (!form || !main.contains(form)) return;
    const submit = defaultButton(form);
    if (!submit?.disabled || (button && button !== submit)) return;
    pending = { form };
  };
  const onKey = (event: KeyboardEvent) => {
    const field = event.target;
    if (event.key !== 'Enter' || event.isComposing || !(field instanceof HTMLInputElement) || NOT_IMPLICIT.has(field.type)) return;
    rememberSubmit(field.form);
  };
  // A disabled button gets no click, but a pointer's release over it is still dispatched.
  const onPointerUp = (event: PointerEvent) => {
    if (event.button !== 0 || !(event.target instanceof Element)) return;
    const button = event.target.closest('button, input');
    if (button instanceof HTMLButtonElement && button.type === 'button') {
      if (button.disabled) pending = { button };
    } else if (button instanceof HTMLButtonElement || button instanceof HTMLInputElement) {
      rememberSubmit(button.form, button);
    }
  };
  main.addEventListener('keydown', onKey, true);
  main.addEventListener('pointerup', onPointerUp, true);

  const stop = () => {
    main.removeEventListener('keydown', onKey, true);
    main.removeEventListener('pointerup', onPointerUp, true);
    observer?.disconnect();
    clearTimeout(timer);
    pending = null;
  };

  /** The page is live once one of its forms can submit. */
  const live = () => [...main.querySelectorAll('form')].some((form) => defaultButton(form)?.disabled === false);

  /**
   * Once the page is live, stops listening (the page takes its own keys and taps from then on) and
   * carries out what was asked, if what it asked of is still there and enabled. A button the page
   * left disabled is not pressed later, when something else enables it.
   */
  const carryOutWhenLive = () => {
    if (!live()) return;
    const asked = pending;
    stop();
    if (!asked) return;
    if ('form' in asked) {
      const submit = asked.form.isConnected ? defaultButton(asked.form) : null;
      if (submit && !submit.disabled) asked.form.requestSubmit(submit);
    } else if (asked.button.isConnected && !asked.button.disabled) {
      asked.button.click();
    }
  };

  return {
    release() {
      // Until the page is live, an Enter or a tap is still remembered; after, the page takes it.
      observer = new MutationObserver(carryOutWhenLive);
      observer.observe(main, { subtree: true, attributes: true, attributeFilter: ['disabled'], childList: true });
      timer = setTimeout(stop, EARLY_SUBMIT_WAIT_MS);
      carryOutWhenLive();
    },
    stop,
  };
}
