// What the apps use of react-router-dom, provided to the federation share scope as `react-router-dom` (see
// SHARE_FACADES in webpack.shared.js). Imported from react-router, where react-router-dom's exports live: importing
// `react-router-dom` here would consume this very module. test/share-facades.test.ts keeps the list complete.
export {
  BrowserRouter,
  Link,
  matchPath,
  MemoryRouter,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
