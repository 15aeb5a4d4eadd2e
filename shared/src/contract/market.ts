import { z } from 'zod';
import { defineCall, NoInput } from './envelope';

/** A region of the markets screen and the indices it lists (the spec's Category entity). */
export const Category = z.object({
  category_id: z.number().int(),
  category_code: z.string(),
  category_name: z.string(),
  stocks: z.array(z.object({ id: z.number().int(), stock_name: z.string(), stock_code: z.string() })),
});
export type Category = z.infer<typeof Category>;

export const categoryList = defineCall({
  method: 'GET',
  path: '/stock/category/list',
  auth: 'user',
  input: NoInput,
  output: z.object({ categories: z.array(Category) }),
});
