import { useQueryClient } from '@tanstack/react-query';
import { controlRoomKeys } from '../features/control-room/api/control-room-keys';
import { ManageVariablesPage } from '../features/variables/pages/ManageVariablesPage';

/** Manage Variables; a change refreshes the Control Room's variable choices too (features do not import each other). */
export function VariablesScreen() {
  const queryClient = useQueryClient();
  return <ManageVariablesPage onVariablesChanged={() => void queryClient.invalidateQueries({ queryKey: controlRoomKeys.variables() })} />;
}
