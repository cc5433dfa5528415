import type { Access } from '../http/endpoints';

/**
 * Spec part 3 §6 names no permission for the iOS builder (its route needs sign-in only). The archive holds an
 * organization's signing identity, so the calls take the permission of the area it belongs to: gateway clients are
 * test resources, managed from Studio (STUDIO, or RTA_MANAGEMENT, which also opens Studio's menu entry).
 */
export const IOS_BUILDER_ACCESS: Access = { anyOf: ['STUDIO', 'RTA_MANAGEMENT'] };

export const IOS_BUILDER_TAG = 'iOS gateway client builder';
