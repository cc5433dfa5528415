import { STEP_ACTIONS, type Collection, type StepAction } from '../../shared/contracts/collections';
import { STEP_ACTION_SPECS } from '../../shared/contracts/step-fields';
import type { SelectOption } from '../../ui/Select';

/** HYBRID (Mobile & Desktop) or BROWSER: where the collection's runs go. */
export type ResourceType = Collection['deviceType'];

/** The Action list's two groups: steps for any page, and phone steps (issue 28). */
export const STEP_ACTION_SECTIONS = { web: 'Web', mobile: 'Mobile' } as const;

/** What an option of the Mobile group says under its name: where the step runs. */
export const MOBILE_ACTION_NOTES = { only: 'Phone only', also: 'Phone or browser' } as const;

/**
 * The actions a step of a collection with this resource type may take, grouped as Web then Mobile. A Browser collection
 * never runs on a phone, so phone-only actions are left out of its list, except the one the step already holds (an
 * imported collection may have it), which stays so that the step still shows what it does.
 */
export function stepActionOptions(resourceType: ResourceType, current: StepAction): SelectOption[] {
  return STEP_ACTIONS.filter((action) => resourceType !== 'BROWSER' || STEP_ACTION_SPECS[action].mobile !== 'only' || action === current).map((action) => {
    const { label, mobile } = STEP_ACTION_SPECS[action];
    return mobile
      ? { id: action, label, section: STEP_ACTION_SECTIONS.mobile, description: MOBILE_ACTION_NOTES[mobile] }
      : { id: action, label, section: STEP_ACTION_SECTIONS.web };
  });
}

/** Why a step cannot run where its collection runs: a phone-only action in a Browser collection. */
export function stepPlacementProblem(resourceType: ResourceType, action: StepAction): string | null {
  const { label, mobile } = STEP_ACTION_SPECS[action];
  if (resourceType !== 'BROWSER' || mobile !== 'only') return null;
  return `${label} runs on a phone only: this collection runs in a browser, where the step fails. Choose another action, or make the collection's resource type Mobile & Desktop.`;
}
