import { queryOptions } from '@tanstack/react-query';
import { fetchAllTags } from '../../../lib/lookups';
import { operationsKeys } from './operations-keys';

/** GET /api/tags/tagsManagement/getAllTags, read once: the choices of the summary searches' Tags and Versions. */
export const tagsQuery = () => queryOptions({ queryKey: operationsKeys.tags(), queryFn: ({ signal }) => fetchAllTags(signal) });
