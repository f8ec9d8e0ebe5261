export {
  cancelDeletion,
  deletionStateQueryKey,
  getDeletionState,
  requestDeletion,
  useCancelDeletion,
  useDeletionState,
  useRequestDeletion,
} from '../../api/deletion-request.ts';
export {
  DeleteAccountScreen,
  type DeleteAccountScreenProps,
  type DeletionPrimaryAction,
} from './components/delete-account-screen.tsx';
