import { useState } from 'react';

/** Which controls were touched: errors show once a control is (part 2 §5); Search touches them all. */
export function useTouched<Field extends string>() {
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const touch = (field: Field) => setTouched((current) => (current[field] ? current : { ...current, [field]: true }));
  const touchAll = (fields: readonly Field[]) => setTouched(Object.fromEntries(fields.map((field) => [field, true])) as Record<Field, boolean>);
  return { touched, touch, touchAll };
}
