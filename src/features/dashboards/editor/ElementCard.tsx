import { ELEMENT_SIZES, type ElementSize, type ReportElement, type ReportSettings } from '../../../shared/contracts/dashboards';
import { Button } from '../../../ui/Button';
import { Select } from '../../../ui/Select';
import { ElementChart } from './ElementChart';
import { elementTitle } from '../chart-data/element-title';

export interface ElementCardProps {
  element: ReportElement;
  /** Tells elements apart in the names of their controls, even two with one title: 'Edit Steps (2)'. */
  position: number;
  orgId: string;
  settings: ReportSettings;
  onEdit: () => void;
  onDelete: () => void;
  onDuplicate: () => void;
  onResize: (size: ElementSize) => void;
  /** False once the report holds its most elements. */
  canDuplicate: boolean;
}

export const sizeLabel = (size: ElementSize): string => `${size * 100}%`;

/** One element of the report being edited, drawn as it will be published, with Edit, Delete, Duplicate and Resize. */
export function ElementCard({ element, position, orgId, settings, onEdit, onDelete, onDuplicate, onResize, canDuplicate }: ElementCardProps) {
  const title = elementTitle(element);
  const name = `${title} (${position})`;
  return (
    <article className="report-editor__element" data-size={element.size} style={{ flexBasis: `calc(${sizeLabel(element.size)} - 1rem)` }} aria-label={name}>
      <header className="report-editor__element-header">
        <h2>{title}</h2>
        <div className="report-editor__element-tools">
          <Button variant="ghost" onPress={onEdit} aria-label={`Edit ${name}`}>
            Edit
          </Button>
          <Button variant="ghost" onPress={onDuplicate} aria-label={`Duplicate ${name}`} isDisabled={!canDuplicate}>
            Duplicate
          </Button>
          <Button variant="ghost" onPress={onDelete} aria-label={`Delete ${name}`}>
            Delete
          </Button>
          <Select
            label={`Size of ${name}`}
            hideLabel
            options={ELEMENT_SIZES.map((size) => ({ id: String(size), label: sizeLabel(size) }))}
            selectedKey={String(element.size)}
            onSelectionChange={(key) => {
              const size = ELEMENT_SIZES.find((candidate) => String(candidate) === key);
              if (size !== undefined) onResize(size);
            }}
          />
        </div>
      </header>
      <ElementChart element={element} orgId={orgId} settings={settings} />
    </article>
  );
}
