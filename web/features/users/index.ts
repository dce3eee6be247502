/** What other features may use of the users screen: a role's label. */
export { roleLabel } from './components/user-dialogs.tsx';
