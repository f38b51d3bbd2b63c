export default 'file';
