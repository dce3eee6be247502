/** What other features may use of face suggestions (web/README.md, "Between features"): staff screens' parts. */
export { FaceSettingsPanel } from './components/face-settings-panel.tsx';
export { FaceSuggestionsList } from './components/face-suggestions-list.tsx';
