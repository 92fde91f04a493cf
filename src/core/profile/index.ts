export {
  ProfileService,
  type ProfileChange,
  type ProfileChangeHook,
  type ProfileField,
} from './service';
export { profileModule } from './handlers';
