// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Khel's Proof-of-Gamer card: a soulbound ERC-721 (ERC-5192, locked from its mint, for ever).
/// Only the minter mints; each token id is minted once and each holder holds at most one card; nothing
/// can move, burn or approve a card. Written from the standards' text rather than on a general ERC-721,
/// since every transfer path is refused anyway.
contract KhelPog {
    string public constant name = "Khel Proof of Gamer";
    string public constant symbol = "POG";

    /// Who may change the minter (the deployer, until handed on).
    address public admin;
    /// The only account that mints (the server's hot key: the admin can replace it if it leaks).
    address public minter;

    // Owner and mint block share one storage slot: a mint writes one slot more than the owner alone.
    struct Card {
        address owner;
        uint64 mintBlock;
    }

    mapping(uint256 => Card) private _cards;
    mapping(address => uint256) private _tokenOf;
    mapping(uint256 => string) private _tokenURIs;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);
    /// ERC-5192: emitted at mint. There is no Unlocked: a card never unlocks.
    event Locked(uint256 tokenId);
    event MinterChanged(address indexed minter);
    event AdminChanged(address indexed admin);

    error NotAdmin();
    error NotMinter();
    error ZeroAddress();
    error Soulbound();
    error NoSuchToken(uint256 tokenId);
    error TokenExists(uint256 tokenId);
    error HolderHasCard(address holder);

    constructor(address minter_) {
        admin = msg.sender;
        minter = minter_;
        emit AdminChanged(msg.sender);
        emit MinterChanged(minter_);
    }

    function setMinter(address minter_) external {
        if (msg.sender != admin) revert NotAdmin();
        minter = minter_;
        emit MinterChanged(minter_);
    }

    function setAdmin(address admin_) external {
        if (msg.sender != admin) revert NotAdmin();
        if (admin_ == address(0)) revert ZeroAddress();
        admin = admin_;
        emit AdminChanged(admin_);
    }

    function mint(address to, uint256 tokenId, string calldata uri) external {
        if (msg.sender != minter) revert NotMinter();
        if (to == address(0)) revert ZeroAddress();
        if (_cards[tokenId].owner != address(0)) revert TokenExists(tokenId);
        if (balanceOf(to) != 0) revert HolderHasCard(to);
        _cards[tokenId] = Card(to, uint64(block.number));
        _tokenOf[to] = tokenId;
        _tokenURIs[tokenId] = uri;
        emit Transfer(address(0), to, tokenId);
        emit Locked(tokenId);
    }

    /// The block of `tokenId`'s mint, 0 when it was never minted: a client finds the mint's Transfer
    /// log by asking that one block instead of scanning the chain's history.
    function mintedAt(uint256 tokenId) external view returns (uint256) {
        return _cards[tokenId].mintBlock;
    }

    /// The card `holder` holds (reverts when none).
    function tokenOfOwner(address holder) external view returns (uint256 tokenId) {
        tokenId = _tokenOf[holder];
        // _tokenOf defaults to 0, a valid id: the card counts only if it really is the holder's.
        if (holder == address(0) || _cards[tokenId].owner != holder) revert NoSuchToken(tokenId);
    }

    // ERC-721

    function balanceOf(address holder) public view returns (uint256) {
        if (holder == address(0)) revert ZeroAddress();
        return _cards[_tokenOf[holder]].owner == holder ? 1 : 0;
    }

    function ownerOf(uint256 tokenId) public view returns (address holder) {
        holder = _cards[tokenId].owner;
        if (holder == address(0)) revert NoSuchToken(tokenId);
    }

    function getApproved(uint256 tokenId) external view returns (address) {
        ownerOf(tokenId);
        return address(0);
    }

    function isApprovedForAll(address, address) external pure returns (bool) {
        return false;
    }

    // Soulbound: every way to move a card or let someone else move it reverts. Mutabilities are EIP-721's
    // (the transfers and approve are payable there).

    function transferFrom(address, address, uint256) external payable {
        revert Soulbound();
    }

    function safeTransferFrom(address, address, uint256) external payable {
        revert Soulbound();
    }

    function safeTransferFrom(address, address, uint256, bytes calldata) external payable {
        revert Soulbound();
    }

    function approve(address, uint256) external payable {
        revert Soulbound();
    }

    function setApprovalForAll(address, bool) external {
        revert Soulbound();
    }

    // ERC-721 Metadata and ERC-5192

    function tokenURI(uint256 tokenId) external view returns (string memory) {
        ownerOf(tokenId);
        return _tokenURIs[tokenId];
    }

    function locked(uint256 tokenId) external view returns (bool) {
        ownerOf(tokenId);
        return true;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return
            interfaceId == 0x01ffc9a7 || // ERC-165
            interfaceId == 0x80ac58cd || // ERC-721
            interfaceId == 0x5b5e139f || // ERC-721 Metadata
            interfaceId == 0xb45a3c0e; // ERC-5192
    }
}
