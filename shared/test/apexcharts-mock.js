// react-apexcharts' CommonJS build fails under jsdom; unit tests see a plain element, e2e tests see real charts.
const React = require('react');
module.exports = { __esModule: true, default: (props) => React.createElement('div', { 'data-chart-type': props.type }) };
