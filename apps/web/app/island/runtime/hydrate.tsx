import { startTransition, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { reportException } from '../../lib/error-reporting/error-reporting';
// The texts, before any component asks for them (runtime/react-i18next.ts reads what this sets up).
import '../../lib/i18n';
import { markIslandReady } from './ready';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

interface Typed {
  field: Field;
  value: string;
  checked: boolean;
}

const isToggle = (field: Field): field is HTMLInputElement => field.type === 'checkbox' || field.type === 'radio';

/** What the visitor typed or chose in the prerendered form before its island ran. */
export function typedValues(root: Pick<ParentNode, 'querySelectorAll'>): Typed[] {
  return [...root.querySelectorAll<Field>('input, select, textarea')].map((field) => ({
    field,
    value: field.value,
    checked: isToggle(field) && field.checked,
  }));
}

/**
 * Puts back what the visitor typed before the island ran, where the form has since reset it
 * (react-hook-form gives each field its default as it registers it), as input events, so the
 * form's own state takes it in as if typed.
 */
export function restoreTypedValues(typed: readonly Typed[]): void {
  for (const { field, value, checked } of typed) {
    if (!field.isConnected) continue;
    if (isToggle(field)) {
      if (field.checked !== checked) field.click();
      continue;
    }
    if (field.value === value) continue;
    // The prototype's setter: React watches the element's own, and must see a change.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

/**
 * Runs `onCommit` as the hydrated tree is committed: placed before the page, before the form's
 * fields register (an earlier sibling's layout effect runs before a later sibling's refs are
 * attached); placed after it, once they have. Both in the same commit, so no keystroke falls
 * between reading the fields and putting their values back.
 */
function OnCommit({ onCommit }: { onCommit: () => void }) {
  useLayoutEffect(onCommit, [onCommit]);
  return null;
}

function Ready({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

/**
 * Hydrates the page's own content (what the app renders inside <main>) with React, and nothing
 * else: the header, the footer and the rest of the page stay the prerendered HTML (the brochure
 * script looks after them). Hydration runs as a transition, so React yields to the browser every
 * few milliseconds instead of holding the main thread until the form is live; what the visitor
 * typed meanwhile is kept. Should the island fail, the visitor keeps the prerendered page (its
 * links work; its form does not) and the error is reported.
 */
export function hydrateMain(page: ReactNode): void {
  const main = document.getElementById('main-content');
  if (!main) throw new Error('This page has no <main id="main-content"> to hydrate');
  const prerendered = main.innerHTML;
  let typed: Typed[] = [];
  const read = () => {
    typed = typedValues(main);
  };
  const restore = () => restoreTypedValues(typed);
  startTransition(() => {
    hydrateRoot(
      main,
      <Ready onHydrated={markIslandReady}>
        <OnCommit onCommit={read} />
        {page}
        <OnCommit onCommit={restore} />
      </Ready>,
      {
        onUncaughtError(error) {
          console.error(error);
          reportException(error);
          main.innerHTML = prerendered;
          markIslandReady();
        },
      },
    );
  });
}
