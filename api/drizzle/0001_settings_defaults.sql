-- Published defaults every deployment starts with (spec section 9: withdraw minimum min_withdraw_count = 100).
-- ON CONFLICT keeps a value an operator has already changed.
INSERT INTO "settings" ("tag", "value") VALUES ('min_withdraw_count', '100') ON CONFLICT ("tag") DO NOTHING;
