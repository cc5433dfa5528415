import { Tabs } from '../../../ui/Tabs';
import { notAvailableText } from '../not-available';

export interface PendingAreasPageProps {
  /** Tab titles of areas that later issues build. */
  areas: readonly string[];
}

/** A tabbed page whose areas are not built yet (Configuration Management: resources, image filters). */
export function PendingAreasPage({ areas }: PendingAreasPageProps) {
  return (
    <section className="page page--placeholder">
      <Tabs label="Areas" tabs={areas.map((area) => ({ id: area, title: area, content: <p>{notAvailableText(area)}</p> }))} />
    </section>
  );
}
