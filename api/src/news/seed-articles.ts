/**
 * Demo news for a fresh install (config.seedDemo): short explainers written for this app. They describe how markets
 * and this app work in general terms; they report no real events and quote no real figures, because the app's
 * prices are simulated.
 */
import { newsImagePath } from './images';

export interface SeedArticle {
  /** Stable key: seeding is idempotent, and an article an operator deleted stays deleted. */
  key: string;
  title: string;
  subhead: string;
  img: string;
  content: string;
}

export const SEED_ARTICLES: readonly SeedArticle[] = [
  {
    key: 'demo-candles',
    title: 'Reading a candlestick chart in one minute',
    subhead: 'Four prices per bar tell you who was in control of the session.',
    img: newsImagePath('1'),
    content: `<p>Every candle on the day, week or month chart packs four prices into one shape: where the period opened, the highest and lowest prices it touched, and where it closed.</p>
<h2>Body and wicks</h2>
<p>The thick part, the <strong>body</strong>, spans the open and the close. When the close is above the open the candle is drawn as rising; when it is below, as falling. The thin lines above and below, the <strong>wicks</strong>, reach to the high and the low.</p>
<ul><li>A long body with short wicks: one side pushed the price steadily all period.</li><li>Short body, long wicks: buyers and sellers both tried, and neither kept the ground.</li><li>A gap between one close and the next open: news arrived while the market was shut.</li></ul>
<p>A single candle says little on its own. Read a few together, and compare them with the volume bars below the chart.</p>`,
  },
  {
    key: 'demo-index',
    title: 'What an index tells you, and what it does not',
    subhead: 'A single number for a whole market is useful, as long as you know how it is built.',
    img: newsImagePath('2'),
    content: `<p>An index follows a basket of shares chosen by a set of rules. The tiles on the markets screen show several of them, each with the list of member stocks underneath.</p>
<h2>Weights matter</h2>
<p>Most broad indices weight members by their market value, so the largest companies move the number the most. A day on which the index rises can still be a day on which most of its members fell.</p>
<h3>Use it as a yardstick</h3>
<p>Comparing your own holdings with a relevant index shows whether your choices added anything beyond what the market as a whole delivered. Pick the yardstick that matches what you own: a technology index for technology shares, a broad index for a broad portfolio.</p>`,
  },
  {
    key: 'demo-hours',
    title: 'Why prices stand still at night',
    subhead: 'Each exchange trades in its own hours and its own time zone.',
    img: newsImagePath('3'),
    content: `<p>A share only changes hands while its exchange is open. Indian equities trade on weekdays from 09:15 to 15:30 India time; the large New York exchanges from 09:30 to 16:00 New York time. Outside those hours the app shows the last price and marks the market as closed.</p>
<h2>Some markets barely sleep</h2>
<p>Currency pairs trade around the clock from Sunday evening to Friday evening New York time, and many futures trade for most of the day with a short daily break. Their prices keep moving while share markets are shut.</p>
<blockquote>The first price after a quiet night can be far from the last one before it: that jump is called a gap.</blockquote>`,
  },
  {
    key: 'demo-diversify',
    title: 'Diversification in plain words',
    subhead: 'Owning several unrelated things lowers the damage any single one can do.',
    img: newsImagePath('4'),
    content: `<p>If all your money sits in one company, its bad year is your bad year. Spread across many companies, sectors and kinds of asset, no single disappointment decides the outcome.</p>
<h2>What it can and cannot do</h2>
<ul><li>It reduces the risk that belongs to one company or one industry.</li><li>It does not remove the risk of the whole market falling together.</li><li>It works best when the parts do not all move for the same reasons.</li></ul>
<p>A watchlist that holds only one kind of stock is worth a second look for exactly this reason.</p>`,
  },
  {
    key: 'demo-currency',
    title: 'Exchange rates and your foreign shares',
    subhead: 'A share priced in dollars earns or loses twice: once in its own price, once in the currency.',
    img: newsImagePath('2'),
    content: `<p>When you hold a share quoted in another currency, its value in your own money depends on two things: the share price and the exchange rate between the two currencies.</p>
<h2>A simple example</h2>
<p>If the share price is unchanged but your home currency weakens against the dollar, the holding is worth more in your currency. If your currency strengthens, it is worth less, even though nothing happened to the company.</p>
<p>The forex screen lists the main pairs. The first currency in a pair is the one being priced, the second the one it is priced in.</p>`,
  },
  {
    key: 'demo-bonds',
    title: 'Bonds 101: price and yield move in opposite directions',
    subhead: 'Why a bond that pays a fixed coupon still changes price every day.',
    img: newsImagePath('3'),
    content: `<p>A government bond pays a fixed coupon and returns its face value at maturity. Its price in the market, though, moves every trading day.</p>
<h2>The see-saw</h2>
<p>When new bonds start paying more, older bonds with smaller coupons become less attractive, and their prices fall until their <em>yield</em>, the return a new buyer would earn, matches the market. When rates fall, the opposite happens.</p>
<h3>Time makes it stronger</h3>
<p>The longer a bond has left to run, the more its price reacts to a change in rates. Short bills barely move; thirty-year bonds can swing a lot.</p>`,
  },
  {
    key: 'demo-futures',
    title: 'Futures: a contract, not a share',
    subhead: 'An agreement on a price today for a trade that settles later.',
    img: newsImagePath('1'),
    content: `<p>A futures contract fixes today the price at which a quantity of something, such as gold, crude oil or a stock index, will change hands on a later date.</p>
<h2>Why people use them</h2>
<ul><li><strong>Hedging:</strong> a producer or a large holder locks in a price and sleeps better.</li><li><strong>Speculation:</strong> a trader takes a view on the direction of the price with a smaller outlay.</li></ul>
<p>That smaller outlay is leverage: gains and losses are measured on the full value of the contract, not on the money put down. Treat futures with respect.</p>`,
  },
  {
    key: 'demo-simulated',
    title: 'About the prices in this app',
    subhead: 'The quotes and charts you see come from a market simulator, and the app says so.',
    img: newsImagePath('4'),
    content: `<p>The instruments in this app are real names with realistic starting prices, but their movements are produced by a simulator rather than a licensed market feed. Each price moves only during its exchange's trading hours, and every chart is drawn from the same simulated trades as the live quote.</p>
<h2>What that means for you</h2>
<ul><li>Prices are consistent across screens and refresh every few seconds while a market is open.</li><li>They are not the prices on the exchange at this moment, and should not be used to trade elsewhere.</li></ul>
<p>Screens that show prices carry a note saying that the data is simulated.</p>`,
  },
];
