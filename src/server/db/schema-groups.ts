/** Tables of migration 0011_users_groups. Instants are ISO-8601 UTC text. */

export interface GroupsTable {
  id: string;
  org_id: string;
  name: string;
  description: string;
  created_at: string;
  updated_at: string;
}

export interface GroupMembersTable {
  group_id: string;
  user_id: string;
}
