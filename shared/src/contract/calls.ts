// Every call of the API, by name. The server registers these; the client calls them by name.
export { login, register, forget, logout } from './auth';
export { userInfo, balance, config } from './user';
export { opsLogin, opsMe, opsLogout, opsAudit, opsOperators, opsOperatorCreate, opsInvitationCodes, opsInvitationCodeSave } from './ops';
export { opsUsers, opsUser, opsUserDisable, opsUserEnable, opsAuditExport } from './ops-users';
export {
  bills,
  opsLedgerVerify,
  rechargeMethods,
  rechargeAdd,
  rechargeRecords,
  withdraw,
  withdrawRecords,
  opsRecharges,
  opsRechargeComplete,
  opsRechargeFail,
  opsWithdrawals,
  opsWithdrawalComplete,
  opsWithdrawalFail,
  opsSettings,
  opsSettingSet,
} from './wallet';
export { loanData, loanAdd, loanRecords, loanRepay, opsLoans, opsLoanApprove, opsLoanReject } from './loans';
export { bankList, bankAdd, bankEdit } from './bank';
export {
  categoryList,
  yahoo,
  stockList,
  newsList,
  newsArticle,
  opsNewsCreate,
  opsNewsUpdate,
  opsNewsDelete,
  collectionAdd,
  collectionRemove,
  collectionCheck,
  collectionList,
} from './market';
export { dealBuy, dealSell, dealList, orderList, dealOrder, dealCancel, positions, tradeRulesInfo } from './trading';
export { chatMessages, chatSend, chatUnreadCount, chatRead, kefu, opsChats, opsChatMessages, opsChatReply } from './chat';
export { passwordUp, tradePasswordState, realNameAdd, realNameState, upload, opsKycList, opsKycGet, opsKycApprove, opsKycReject } from './account';
// products
export { offerList, opsOffers, opsOfferCreate, opsOfferClose, opsUserQualified } from './offers';
export { ipoList, ipoBuy, ipoOrders, opsIpos, opsIpoCreate, opsIpoStatus, opsIpoAllot } from './ipo';
export { fundList, fundPurchase, fundOrders, fundCancel, opsFunds, opsFundCreate, opsFundSettle, opsFundCancel } from './funds';
export { currencyList } from './market';
