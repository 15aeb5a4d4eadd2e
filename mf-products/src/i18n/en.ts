/** mf-products' namespace ('products'), English: the product screens. The reference for the other languages. */
export const en = {
  titles: {
    blockTrading: 'Block trading',
    blockOrders: 'Block trading orders',
    qip: 'QIP',
    qipOrders: 'QIP orders',
    ipo: 'IPO',
    ipoOrders: 'IPO orders',
    funds: 'Fund investment',
    fundOrders: 'Fund orders',
    forex: 'Forex',
    futures: 'Futures',
    treasury: 'Treasury debt',
  },
};
