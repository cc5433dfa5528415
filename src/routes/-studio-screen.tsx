import { useQuery } from '@tanstack/react-query';
import { devicesQuery } from '../features/resources/api/devices';
import { UnsavedChangesGuard } from '../features/shell/components/UnsavedChangesGuard';
import { StudioPage } from '../features/studio/pages/StudioPage';
import { useStudioDirty } from '../features/studio/studio-dirty';

/**
 * The Studio with the unsaved-changes guard, mounted only while the form holds unsaved edits, and Resource
 * Management's device list for choosing a collection's resources (features do not import each other).
 */
export function StudioScreen() {
  const isDirty = useStudioDirty();
  // Resource names are what the Studio needs: no 5 s status poll here.
  const resources = useQuery({ ...devicesQuery(), refetchInterval: false });
  return (
    <>
      <StudioPage resources={{ data: resources.data, status: resources.status }} />
      {isDirty && <UnsavedChangesGuard />}
    </>
  );
}
