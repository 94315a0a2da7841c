export { attachmentsProblem } from './attachment-check';
export { AttachmentsField } from './components/attachments-field';
