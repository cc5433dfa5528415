import { Button } from '../../../ui/Button';
import { Select } from '../../../ui/Select';
import { TextArea } from '../../../ui/TextArea';
import { STEP_ACTIONS, type Step, type StepAction } from '../../../shared/contracts/collections';
import { move, newStep, STEP_ACTION_LABELS } from '../collection-document';
import { IntegerField } from './IntegerField';
import { OrderControls } from './OrderControls';

const TIMEOUT_MAX_MS = 600_000;

/**
 * Step texts are single-line values shown in growing text areas, so that long names, selectors and URLs wrap and stay
 * readable at any width (issue 19); a line break typed or pasted into one becomes a space.
 */
const oneLine = (text: string): string => text.replace(/\r?\n/g, ' ');

const ACTION_OPTIONS = STEP_ACTIONS.map((action) => ({ id: action, label: STEP_ACTION_LABELS[action] }));

/** A step still named after its action follows the new action's name; a name the user typed stays. */
function withAction(step: Step, action: StepAction): Partial<Step> {
  return step.stepName === STEP_ACTION_LABELS[step.action] ? { action, stepName: STEP_ACTION_LABELS[action] } : { action };
}

export interface StepsEditorProps {
  flowName: string;
  steps: readonly Step[];
  onChange: (steps: Step[]) => void;
}

/** The ordered steps of one flow: action, target (CSS or text= selector), value and timeout. */
export function StepsEditor({ flowName, steps, onChange }: StepsEditorProps) {
  const update = (index: number, patch: Partial<Step>) => onChange(steps.map((step, at) => (at === index ? { ...step, ...patch } : step)));
  return (
    <ol className="studio-steps" aria-label={`Steps of ${flowName}`}>
      {steps.map((step, index) => {
        const itemName = `step ${index + 1} of ${flowName}`;
        return (
          <li key={step.stepId} className="studio-step" aria-label={`Step ${index + 1}`}>
            <TextArea
              label="Step name"
              rows={1}
              className="studio-step__text"
              isRequired
              value={step.stepName}
              onChange={(stepName) => update(index, { stepName: oneLine(stepName) })}
              errorMessage={step.stepName.trim() === '' ? 'Required' : undefined}
            />
            <Select label="Action" options={ACTION_OPTIONS} selectedKey={step.action} onSelectionChange={(id) => id && update(index, withAction(step, id as StepAction))} />
            <TextArea
              label="Target"
              rows={1}
              className="studio-step__text"
              placeholder="CSS selector or text=…"
              value={step.target}
              onChange={(target) => update(index, { target: oneLine(target) })}
            />
            <TextArea label="Value" rows={1} className="studio-step__text" value={step.value} onChange={(value) => update(index, { value: oneLine(value) })} />
            <IntegerField label="Timeout (ms)" value={step.timeoutMs} min={1} max={TIMEOUT_MAX_MS} onChange={(timeoutMs) => update(index, { timeoutMs })} />
            <OrderControls
              itemName={itemName}
              index={index}
              count={steps.length}
              onMove={(offset) => onChange(move(steps, index, offset))}
              onRemove={() => onChange(steps.filter((_, at) => at !== index))}
            />
          </li>
        );
      })}
      <li className="studio-steps__add">
        <Button onPress={() => onChange([...steps, newStep()])}>Add step to {flowName}</Button>
      </li>
    </ol>
  );
}

