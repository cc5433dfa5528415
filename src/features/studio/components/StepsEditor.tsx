import { Button } from '../../../ui/Button';
import { Select } from '../../../ui/Select';
import { TextArea } from '../../../ui/TextArea';
import type { Step, StepAction } from '../../../shared/contracts/collections';
import {
  STEP_ACTION_SPECS,
  stepFieldChoice,
  stepFieldProblem,
  stepFieldText,
  withStepAction,
  withStepFieldText,
  type StepFieldSpec,
} from '../../../shared/contracts/step-fields';
import { move, newStep } from '../collection-document';
import { stepActionOptions, stepPlacementProblem, type ResourceType } from '../step-action-options';
import { useStepFeedback } from '../step-feedback';
import { useRefocusAfterRemoval } from '../use-refocus-after-removal';
import { IntegerField } from './IntegerField';
import { OrderControls, REMOVE_BUTTON_CLASS } from './OrderControls';

const TIMEOUT_MAX_MS = 600_000;

/**
 * Step texts are single-line values shown in growing text areas, so that long names, selectors and URLs wrap and stay
 * readable at any width (issue 19); a line break typed or pasted into one becomes a space.
 */
const oneLine = (text: string): string => text.replace(/\r?\n/g, ' ');

interface StepFieldProps {
  step: Step;
  field: StepFieldSpec;
  onChange: (patch: Partial<Step>) => void;
}

/** One field of a step as its action names it (URL, Element, Expected text…), with its hint and its problem once touched. */
function StepField({ step, field, onChange }: StepFieldProps) {
  const feedback = useStepFeedback();
  const touch = () => feedback.touch(step.stepId, field.slot);
  if (field.choices) {
    return (
      <Select
        label={field.label}
        options={field.choices}
        selectedKey={stepFieldChoice(step, field)}
        onSelectionChange={(id) => id !== null && onChange(withStepFieldText(field, id))}
        onBlur={touch}
      />
    );
  }
  return (
    <TextArea
      label={field.label}
      description={field.hint}
      rows={1}
      className="studio-step__text"
      placeholder={field.placeholder}
      isRequired={field.requiredMessage !== undefined}
      value={stepFieldText(step, field)}
      onChange={(text) => onChange(withStepFieldText(field, oneLine(text)))}
      onBlur={touch}
      errorMessage={feedback.shownError(step.stepId, field.slot, stepFieldProblem(step, field))}
    />
  );
}

export interface StepsEditorProps {
  flowName: string;
  steps: readonly Step[];
  onChange: (steps: Step[]) => void;
  /** The collection's resource type: a Browser collection is not offered phone-only actions (issue 28). */
  resourceType: ResourceType;
}

/**
 * The ordered steps of one flow: name, action (web steps, then phone steps), the fields that action uses (issue 27),
 * and timeout.
 */
export function StepsEditor({ flowName, steps, onChange, resourceType }: StepsEditorProps) {
  const update = (index: number, patch: Partial<Step>) => onChange(steps.map((step, at) => (at === index ? { ...step, ...patch } : step)));
  const { listRef, addButtonRef, removing } = useRefocusAfterRemoval(`.${REMOVE_BUTTON_CLASS}`);
  return (
    <ol ref={listRef} className="studio-steps" aria-label={`Steps of ${flowName}`}>
      {steps.map((step, index) => {
        const itemName = `step ${index + 1} of ${flowName}`;
        const spec = STEP_ACTION_SPECS[step.action];
        const placementProblem = stepPlacementProblem(resourceType, step.action);
        return (
          <li key={step.stepId} className="studio-step" aria-label={`Step ${index + 1}`}>
            <TextArea
              label="Step name"
              rows={1}
              className="studio-step__text studio-step__name"
              isRequired
              value={step.stepName}
              onChange={(stepName) => update(index, { stepName: oneLine(stepName) })}
              errorMessage={step.stepName.trim() === '' ? 'Required' : undefined}
            />
            <Select
              label="Action"
              options={stepActionOptions(resourceType, step.action)}
              selectedKey={step.action}
              onSelectionChange={(id) => id && id !== step.action && update(index, withStepAction(step, id as StepAction))}
            />
            <div className={`studio-step__fields studio-step__fields--${spec.fields.length}`}>
              {spec.fields.length === 0 && (
                <p className="studio-step__none">Nothing to fill in: the step acts on the whole {spec.mobile ? 'screen' : 'page'}.</p>
              )}
              {spec.fields.map((field) => (
                <StepField key={`${step.action}-${field.slot}`} step={step} field={field} onChange={(patch) => update(index, patch)} />
              ))}
            </div>
            <div className="studio-step__timeout">
              {spec.usesTimeout && (
                <IntegerField label="Timeout (ms)" value={step.timeoutMs} min={1} max={TIMEOUT_MAX_MS} onChange={(timeoutMs) => update(index, { timeoutMs })} />
              )}
            </div>
            <OrderControls
              itemName={itemName}
              index={index}
              count={steps.length}
              onMove={(offset) => onChange(move(steps, index, offset))}
              onRemove={() => {
                removing(index);
                onChange(steps.filter((_, at) => at !== index));
              }}
            />
            {placementProblem && (
              <p className="studio-step__placement" role="note">
                {placementProblem}
              </p>
            )}
          </li>
        );
      })}
      <li className="studio-steps__add">
        <Button ref={addButtonRef} onPress={() => onChange([...steps, newStep()])}>
          Add step to {flowName}
        </Button>
      </li>
    </ol>
  );
}
