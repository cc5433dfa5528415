/** Query keys of the resources area. */
export const resourcesKeys = {
  all: ['resources'] as const,
  devices: () => [...resourcesKeys.all, 'devices'] as const,
  gatewayAgents: () => [...resourcesKeys.all, 'gateway-agents'] as const,
};
