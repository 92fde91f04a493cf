export {
  ConversationService,
  type MessageRow,
  type NewMessage,
  type StoredToolCall,
} from './service';
export { conversationModule } from './handlers';
