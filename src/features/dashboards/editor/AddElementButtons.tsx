import { CHART_TYPE_LABELS, CHART_TYPES, MAX_REPORT_ELEMENTS, type ChartType } from '../../../shared/contracts/dashboards';
import { Button } from '../../../ui/Button';

export interface AddElementButtonsProps {
  /** The report holds MAX_REPORT_ELEMENTS elements: nothing more can be added. */
  isFull: boolean;
  onAdd: (type: ChartType) => void;
}

/** The add-element buttons (part 3 §2), one per chart type; the element editor opens on the new element. */
export function AddElementButtons({ isFull, onAdd }: AddElementButtonsProps) {
  return (
    <div role="group" aria-label="Add element" className="report-editor__add">
      <span className="report-editor__add-label" aria-hidden="true">
        Add element
      </span>
      {CHART_TYPES.map((type) => (
        <Button key={type} onPress={() => onAdd(type)} isDisabled={isFull} aria-label={`Add ${CHART_TYPE_LABELS[type]} element`}>
          {CHART_TYPE_LABELS[type]}
        </Button>
      ))}
      {isFull && <p className="report-editor__note">A report holds at most {MAX_REPORT_ELEMENTS} elements.</p>}
    </div>
  );
}
