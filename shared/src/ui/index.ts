export { Button, IconButton } from './Button';
export { TextField } from './TextField';
export { Dialog, ConfirmDialog } from './Dialog';
export { useOverlay } from './overlay';
export { ToastHost, toast } from './Toasts';
export { PageHeader } from './PageHeader';
export { Spinner, EmptyState, ComingSoon, ComingSoonPage, RetryPanel } from './states';
export { LanguageMenu } from './LanguageMenu';
export { Icon, type IconName } from './icons';
