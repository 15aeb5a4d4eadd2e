-- Custom migration: raises the ledger's refusal inside a single-statement money action (see api/src/ledger/transfer.ts),
-- so the whole statement, and whatever else it wrote, is rolled back.
CREATE OR REPLACE FUNCTION ledger_refuse(reason text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'LR001', MESSAGE = reason;
END
$$;
