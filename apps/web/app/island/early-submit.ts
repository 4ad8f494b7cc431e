/**
 * A form page's submit button is disabled until its island is live (ADR 023), and a browser does
 * nothing when a form whose default button is disabled is asked to submit. So an Enter in a field
 * (a quick typist, a password manager's fill) or a tap on the button in the second or so the island
 * takes to start was lost without a word, and the visitor had to ask again. This remembers such a
 * request and carries it out once the form's button is enabled, as if asked then.
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
  /** The island has run: carry out a request made before, once its form's button is enabled. */
  release(): void;
  /** The island will not run: forget any request and stop listening. */
  stop(): void;
}

export function holdEarlySubmits(main: HTMLElement): EarlySubmit {
  let pending: HTMLFormElement | null = null;
  let observer: MutationObserver | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** Remembers the form when the visitor asks a form that cannot yet submit to do so. */
  const remember = (form: HTMLFormElement | null, button?: Element | null) => {
    if (!form || !main.contains(form)) return;
    const submit = defaultButton(form);
    if (!submit?.disabled || (button && button !== submit)) return;
    pending = form;
  };
  const onKey = (event: KeyboardEvent) => {
    const field = event.target;
    if (event.key !== 'Enter' || event.isComposing || !(field instanceof HTMLInputElement) || NOT_IMPLICIT.has(field.type)) return;
    remember(field.form);
  };
  // A disabled button gets no click, but a pointer's release over it is still dispatched.
  const onPointerUp = (event: PointerEvent) => {
    if (event.button !== 0 || !(event.target instanceof Element)) return;
    const button = event.target.closest('button, input');
    if (button instanceof HTMLButtonElement || button instanceof HTMLInputElement) remember(button.form, button);
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

  /** Once the remembered form's button is enabled, stops and submits it (or only stops, if the form is gone). */
  const submitWhenLive = (form: HTMLFormElement) => {
    const submit = form.isConnected ? defaultButton(form) : null;
    if (form.isConnected && (!submit || submit.disabled)) return;
    stop();
    if (submit) form.requestSubmit(submit);
  };

  return {
    release() {
      // Until the button is enabled, an Enter or a tap is still remembered; after, the form takes it.
      const live = () => [...main.querySelectorAll('form')].some((form) => defaultButton(form)?.disabled === false);
      observer = new MutationObserver(() => {
        if (pending) submitWhenLive(pending);
        else if (live()) stop();
      });
      observer.observe(main, { subtree: true, attributes: true, attributeFilter: ['disabled'], childList: true });
      timer = setTimeout(stop, EARLY_SUBMIT_WAIT_MS);
      if (pending) submitWhenLive(pending);
    },
    stop,
  };
}
