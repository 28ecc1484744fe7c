-- Seeded roles (docs/api.md "Role") and the default system settings. Ids are part of the contract.
INSERT INTO "roles" ("id", "name", "short_name") VALUES
  (1, 'Administrator', 'admin'),
  (2, 'Developer', 'developer'),
  (3, 'Customer', 'customer')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "system_settings" ("key", "value") VALUES ('maintenance_mode', '0') ON CONFLICT ("key") DO NOTHING;
