// Rule `boundaries/ledger-writes`: only the ledger module changes balances. Outside it, no Drizzle write
// (`.insert(t)`, `.update(t)`, `.delete(t)`) and no raw SQL write names one of the ledger's tables. Reads stay free.

/** Drizzle export name → SQL table name, by the schema's convention (ledgerEntries → ledger_entries). */
const sqlName = (table) => table.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const WRITE_CALLS = new Set(['insert', 'update', 'delete']);
/** The end of SQL text that writes the table named right after it (literally or as `${table}`). */
const WRITE_PREFIX = String.raw`\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?public"?\.)?`;

export const ledgerWrites = {
  meta: {
    type: 'problem',
    docs: { description: 'Only the ledger module writes the ledger tables' },
    schema: [
      {
        type: 'object',
        properties: { tables: { type: 'array', items: { type: 'string' }, minItems: 1 } },
        required: ['tables'],
        additionalProperties: false,
      },
    ],
    messages: { write: "Only api/src/ledger writes '{{table}}': call the ledger (a transfer, a hold) instead." },
  },
  create(context) {
    const tables = new Set(context.options[0].tables);
    const names = [...tables].flatMap((t) => [t, sqlName(t)]).join('|');
    const writesNamedTable = new RegExp(`${WRITE_PREFIX}"?(${names})"?\\b`, 'i');
    const writesNextTable = new RegExp(`${WRITE_PREFIX}$`, 'i');

    /** `accounts` or `schema.accounts` → 'accounts' if it is one of the tables. */
    const tableOf = (node) => {
      const name = node?.type === 'Identifier' ? node.name : node?.type === 'MemberExpression' ? node.property.name : null;
      return tables.has(name) ? name : null;
    };
    const report = (node, table) => context.report({ node, messageId: 'write', data: { table } });
    const checkText = (node, text) => {
      const m = writesNamedTable.exec(text);
      if (m) report(node, m[1]);
    };

    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || !WRITE_CALLS.has(callee.property.name)) return;
        const table = tableOf(node.arguments[0]);
        if (table) report(node, table);
      },
      Literal(node) {
        if (typeof node.value === 'string') checkText(node, node.value);
      },
      TemplateLiteral(node) {
        node.quasis.forEach((quasi, i) => {
          checkText(quasi, quasi.value.cooked ?? quasi.value.raw);
          // sql`update ${accounts} set ...`: the table is the expression right after the write.
          const table = tableOf(node.expressions[i]);
          if (table && writesNextTable.test(quasi.value.cooked ?? quasi.value.raw)) report(node.expressions[i], table);
        });
      },
    };
  },
};
