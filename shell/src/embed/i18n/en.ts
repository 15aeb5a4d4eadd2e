/** iframe.html's own texts ('embed'); the chart's, the states' and the retry come from the shared namespace. */
export const en = {
  embed: {
    quote: '{{name}} quote',
    open: 'Market open',
    closed: 'Market closed',
    live: 'Live',
    simulated: 'Simulated prices',
    missing: 'No instrument named',
    missingBody: 'Name one in the address, e.g. iframe.html?symbol=AAPL',
    notFound: 'No instrument has the code {{symbol}}',
    notFoundBody: 'Check the code in the address.',
  },
};
