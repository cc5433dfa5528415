import { createContext, useContext, useMemo, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { FLOW_LISTS, type Collection } from '../../shared/contracts/collections';
import type { StepSlot } from '../../shared/contracts/step-fields';

/** Which step fields show their problems: spec part 1 §5, errors show once the control is touched. */
export interface StepFeedback {
  /** The message to show under a step's field, given the problem the Studio finds in it now (or null). */
  shownError: (stepId: string, slot: StepSlot, problem: string | null) => string | undefined;
  /** The user left the field: its problems show from now on. */
  touch: (stepId: string, slot: StepSlot) => void;
}

export const stepFieldKey = (stepId: string, slot: StepSlot) => `${stepId}/${slot}`;

/** Without a provider no problem shows (a step editor used alone). */
export const StepFeedbackContext = createContext<StepFeedback>({ shownError: () => undefined, touch: () => undefined });

export function useStepFeedback(): StepFeedback {
  return useContext(StepFeedbackContext);
}

const STEP_FIELD_PATH = new RegExp(`^(${FLOW_LISTS.join('|')})\\.(\\d+)\\.steps\\.(\\d+)\\.(target|value)$`);

/**
 * The step fields a refused save names (savedCollectionSchema's `<list>.<flow>.steps.<step>.<slot>`), keyed by the
 * step's id in the document that was sent, with the server's message.
 */
export function stepFieldErrorsOf(error: unknown, sent: Collection): Map<string, string> {
  const errors = new Map<string, string>();
  if (!(error instanceof ApiError) || !error.fieldErrors) return errors;
  for (const [path, messages] of Object.entries(error.fieldErrors)) {
    const match = STEP_FIELD_PATH.exec(path);
    const message = messages[0];
    if (!match || !message) continue;
    const [, list, flow, step, slot] = match;
    const stepId = sent[list as (typeof FLOW_LISTS)[number]][Number(flow)]?.steps[Number(step)]?.stepId;
    if (stepId) errors.set(stepFieldKey(stepId, slot as StepSlot), message);
  }
  return errors;
}

/**
 * The Studio's step feedback: fields the user left, fields the server refused (with its messages), and whether every
 * problem shows because the user asked (Show the fields, Ctrl+S on an incomplete collection, Run that cannot save).
 */
export function useStepFeedbackState() {
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showsAll, setShowsAll] = useState(false);
  const [refusals, setRefusals] = useState<ReadonlyMap<string, string>>(new Map());
  const feedback = useMemo<StepFeedback>(
    () => ({
      shownError: (stepId, slot, problem) => {
        const key = stepFieldKey(stepId, slot);
        return (problem !== null && (showsAll || touched.has(key)) ? problem : refusals.get(key)) ?? undefined;
      },
      touch: (stepId, slot) => {
        const key = stepFieldKey(stepId, slot);
        setTouched((previous) => (previous.has(key) ? previous : new Set(previous).add(key)));
      },
    }),
    [showsAll, touched, refusals],
  );
  return {
    feedback,
    showAll: () => setShowsAll(true),
    /** A save was refused: the fields it names show the server's message, and their own problems from now on. */
    refused: (errors: ReadonlyMap<string, string>) => {
      setRefusals(errors);
      setTouched((previous) => new Set([...previous, ...errors.keys()]));
    },
    /** The document changed: the server's messages are about the one it refused. */
    edited: () => setRefusals((previous) => (previous.size === 0 ? previous : new Map())),
    /** Another document is open. */
    reset: () => {
      setTouched(new Set());
      setShowsAll(false);
      setRefusals(new Map());
    },
  };
}
